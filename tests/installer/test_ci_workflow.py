"""Issue 32 §2: the CI workflow (.github/workflows/ci.yml), checked here as far as a Linux machine without
GitHub can: GitHub's schema for workflow files (check-jsonschema's bundled copy, offline, as .ci/run runs it),
the three systems, each system's installer step, and every script or file the steps name exists."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
WORKFLOW = REPO / ".github" / "workflows" / "ci.yml"
yaml = pytest.importorskip("ruamel.yaml")  # check-jsonschema's YAML reader (pyproject: the test extras)


def _load() -> dict:
    return yaml.YAML(typ="safe").load(WORKFLOW.read_text(encoding="utf-8"))


def test_the_workflow_matches_githubs_schema() -> None:
    tool = shutil.which("check-jsonschema") or str(Path(sys.executable).with_name("check-jsonschema"))
    if not Path(tool).exists():
        pytest.fail('check-jsonschema is missing: python3 -m pip install -e ".[test]"')
    done = subprocess.run([tool, "--builtin-schema", "vendor.github-workflows", str(WORKFLOW)],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_checker_refuses_a_broken_workflow(tmp_path: Path) -> None:
    tool = shutil.which("check-jsonschema") or str(Path(sys.executable).with_name("check-jsonschema"))
    broken = tmp_path / "ci.yml"
    broken.write_text(WORKFLOW.read_text(encoding="utf-8").replace("runs-on:", "run-on:", 1), encoding="utf-8")
    done = subprocess.run([tool, "--builtin-schema", "vendor.github-workflows", str(broken)],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode != 0


def test_three_systems_each_with_its_installer() -> None:
    job = _load()["jobs"]["test-and-package"]
    systems = job["strategy"]["matrix"]["os"]
    assert sorted(s.split("-")[0] for s in systems) == ["macos", "ubuntu", "windows"]
    assert job["env"]["QT_QPA_PLATFORM"] == "offscreen"
    steps = job["steps"]
    runs = "\n".join(step.get("run", "") for step in steps)
    order = [step.get("name", "") for step in steps]
    assert order.index("PyInstaller bundle") < order.index("Test suite (Linux, macOS)")
    assert "bash tests/run.sh" in runs and r"tests\run.ps1" in runs  # the README's test command per system
    assert "installer/tournament_desk.spec" in runs
    assert any("ISCC.exe" in step.get("run", "") and "tournament_desk.iss" in step.get("run", "")
               and "Windows" in step.get("if", "") for step in steps)
    assert any("hdiutil create" in step.get("run", "") and "macOS" in step.get("if", "") for step in steps)
    assert any("build-deb.sh" in step.get("run", "") and "check-deb.sh" in step.get("run", "")
               and "Linux" in step.get("if", "") for step in steps)
    upload = next(step for step in steps if str(step.get("uses", "")).startswith("actions/upload-artifact"))
    assert {"dist/*-setup.exe", "dist/*.dmg", "dist/*.deb"} <= set(upload["with"]["path"].split())


def test_every_file_the_steps_name_exists() -> None:
    runs = "\n".join(step.get("run", "") for step in _load()["jobs"]["test-and-package"]["steps"])
    named = set(re.findall(r"(?<![\w/.-])((?:installer|tests|\.ci)[/\\][\w./\\-]+\.(?:sh|ps1|spec|iss))", runs))
    assert len(named) >= 5, named
    for name in named:
        assert (REPO / name.replace("\\", "/")).is_file(), name
