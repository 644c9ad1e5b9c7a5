# Install the program from this checkout and start it: the README's first command on Windows (installer/start.sh
# on Linux and macOS).
#
#   powershell -ExecutionPolicy Bypass -File installer\start.ps1              # the start screen
#   powershell -ExecutionPolicy Bypass -File installer\start.ps1 EVENT.tdesk  # that event (any arguments are
#                                                                              # passed on, as to tournament-desk)
#
# Finds Python 3.11 or newer (the py launcher of python.org's installer, or python.exe on PATH), makes .venv beside
# the checkout, runs `pip install .` into it (only when the checkout changed since the last install, as start.sh),
# then `python -m tournament_desk` with the arguments given, in the
# folder the command was typed in (so a relative EVENT.tdesk is found). No system library is needed on Windows.
$ErrorActionPreference = 'Stop'
$root = Split-Path -Parent $PSScriptRoot
. (Join-Path $PSScriptRoot 'setup-common.ps1')

$python = Select-Interpreter $root
Install-IfChanged $python $root
& $python -m tournament_desk @args
exit $LASTEXITCODE
