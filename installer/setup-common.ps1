# Shared by the Windows commands (installer\start.ps1 and tests\run.ps1): dot-sourced, not run. The Windows
# counterpart of setup-common.sh; Windows needs no system library (Qt's wheels bring their own).
#   Find-Python         a Python 3.11 or newer, as a command line: $env:PYTHON when set, else the py launcher that
#                       python.org's installer adds (py -3.13, -3.12, -3.11, -3), else python.exe / python3.exe on
#                       PATH (not the Microsoft Store's stub, which only opens the Store)
#   Select-Interpreter  the interpreter pip installs into: the active virtual environment's ($env:VIRTUAL_ENV),
#                       else .venv beside the checkout, made with Find-Python's Python when missing
#   Install-IfChanged   start.ps1: `pip install` of the checkout into that interpreter's environment unless this
#                       checkout is installed there already and no file the install is made of changed since (a
#                       stamp in build\start): install_if_changed of setup-common.sh, step for step
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

# The question Install-IfChanged asks the interpreter, word for word the one of setup-common.sh (a test compares
# them): is this checkout (argument 1) what is installed in its environment, and which environment.
$InstalledHereQuestion = @(
    'import json, os, sys'
    'from importlib import metadata'
    'from urllib.parse import unquote, urlparse'
    'try:'
    '    url = json.loads(metadata.distribution("tournament-desk").read_text("direct_url.json") or "{}").get("url", "")'
    '    path = unquote(urlparse(url).path) if url.startswith("file:") else ""'
    '    same = bool(path) and os.path.exists(path) and os.path.samefile(path, sys.argv[1])'
    'except metadata.PackageNotFoundError:'
    '    same = False'
    'print(int(same), sys.prefix)'
)
# What the install is made of: a file or folder newer than the stamp means the checkout changed (as find -newer).
$InstallSources = @('pyproject.toml', 'README.md', 'tournament_desk', 'resources', 'docs\rules.md')

function Install-IfChanged([string] $Python, [string] $Root) {
    # the question on standard input (as the bash here-document), -P: the checkout not on the path
    $answer = ($InstalledHereQuestion -join "`n") | & $Python -P - $Root
    if ($LASTEXITCODE -ne 0) { exit $LASTEXITCODE }
    $same, $prefix = "$answer".Split(' ', 2)
    $sha = [System.Security.Cryptography.SHA256]::Create()
    $key = -join ($sha.ComputeHash([System.Text.Encoding]::UTF8.GetBytes($prefix)) | Select-Object -First 8 |
                  ForEach-Object { $_.ToString('x2') })
    $folder = Join-Path $Root 'build\start'
    $stamp = Join-Path $folder "$key.stamp"
    if ((Test-Path $stamp) -and ($same -eq '1')) {
        $since = (Get-Item $stamp).LastWriteTimeUtc
        # the first changed file or folder only; compiled files beside the code are not a change
        $changed = $InstallSources | ForEach-Object { Join-Path $Root $_ } | Where-Object { Test-Path $_ } |
            ForEach-Object { Get-Item $_; Get-ChildItem $_ -Recurse -Force -ErrorAction SilentlyContinue } |
            Where-Object { $_.FullName -notlike '*\__pycache__*' -and $_.LastWriteTimeUtc -gt $since } |
            Select-Object -First 1
        if (-not $changed) { return }
    }
    New-Item -ItemType Directory -Force $folder | Out-Null
    Set-Content -Path "$stamp.new" -Value ''  # before the install: a file changed while pip runs is seen next time
    & $Python -m pip install -q $Root
    if ($LASTEXITCODE -ne 0) { exit $LASTEXITCODE }
    Move-Item -Force "$stamp.new" $stamp
}
