# Shared by the Windows commands (installer\start.ps1 and tests\run.ps1): dot-sourced, not run. The Windows
# counterpart of setup-common.sh; Windows needs no system library (Qt's wheels bring their own).
#   Find-Python         a Python 3.11 or newer, as a command line: $env:PYTHON when set, else the py launcher that
#                       python.org's installer adds (py -3.13, -3.12, -3.11, -3), else python.exe / python3.exe on
#                       PATH (not the Microsoft Store's stub, which only opens the Store)
#   Select-Interpreter  the interpreter pip installs into: the active virtual environment's ($env:VIRTUAL_ENV),
#                       else .venv beside the checkout, made with Find-Python's Python when missing
Set-StrictMode -Version 3.0
$ErrorActionPreference = 'Stop'

function Test-PythonVersion([string[]] $Command) {
    $exe = $Command[0]
    $rest = @($Command | Select-Object -Skip 1)
    try {
        & $exe @rest -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else 1)' 2>$null | Out-Null
        return ($LASTEXITCODE -eq 0)
    } catch {
        return $false
    }
}

function Find-Python {
    $candidates = @()
    if ($env:PYTHON) { $candidates += , @($env:PYTHON) }
    if (Get-Command py -ErrorAction SilentlyContinue) {
        foreach ($version in @('-3.13', '-3.12', '-3.11', '-3')) { $candidates += , @('py', $version) }
    }
    foreach ($name in @('python', 'python3')) {
        $found = Get-Command $name -ErrorAction SilentlyContinue
        if ($found -and ($found.Source -notlike '*\WindowsApps\*')) { $candidates += , @($found.Source) }
    }
    foreach ($candidate in $candidates) {
        if (Test-PythonVersion $candidate) { return , $candidate }
    }
    throw ('tournament_desk: Python 3.11 or newer is needed. Install it from python.org (keep "py launcher" ' +
           'ticked), then run this command again.')
}

function Select-Interpreter([string] $Root) {
    if ($env:VIRTUAL_ENV) { return (Join-Path $env:VIRTUAL_ENV 'Scripts\python.exe') }
    $venvPython = Join-Path $Root '.venv\Scripts\python.exe'
    if (-not (Test-Path $venvPython)) {
        $python = Find-Python
        $exe = $python[0]
        $rest = @($python | Select-Object -Skip 1)
        Write-Host "tournament_desk: making a virtual environment in $Root\.venv with $($python -join ' ')"
        & $exe @rest -m venv (Join-Path $Root '.venv')
        if ($LASTEXITCODE -ne 0) { throw "tournament_desk: could not make $Root\.venv" }
    }
    return $venvPython
}
