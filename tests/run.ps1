# The whole test suite on Windows, from a fresh clone: the README's test command there (tests/run.sh on Linux and
# macOS, which .ci/run and the CI workflow's Linux and macOS jobs run).
#
#   powershell -ExecutionPolicy Bypass -File tests\run.ps1                   # every test, the bundle build included
#   powershell -ExecutionPolicy Bypass -File tests\run.ps1 -m "not bundle"   # any pytest arguments are passed on
#
# 1. Python 3.11 or newer and .venv, as installer\start.ps1 (installer\setup-common.ps1); no system library.
# 2. The program and its test dependencies: python -m pip install -e ".[test]".
# 3. pytest, with Qt headless: QT_QPA_PLATFORM=offscreen python -m pytest <arguments>.
$ErrorActionPreference = 'Stop'
$root = Split-Path -Parent $PSScriptRoot
. (Join-Path $root 'installer\setup-common.ps1')

$python = Select-Interpreter $root
Push-Location $root
try {
    & $python -m pip install -e '.[test]'
    $code = $LASTEXITCODE
    if ($code -eq 0) {
        $env:QT_QPA_PLATFORM = 'offscreen'
        & $python -m pytest @args
        $code = $LASTEXITCODE
    }
} finally {
    Pop-Location
}
exit $code
