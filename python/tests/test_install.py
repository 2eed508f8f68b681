"""The package installed by `cmake --install` and by `pip install .` (offline) imports and works."""

import os
import subprocess
import sys

import pytest

from conftest import SOURCE_DIR, plain_env

BUILD_DIR = os.environ.get("QDIFF_BUILD_DIR")
CHECK = "import qdiff, sys; print(qdiff.__file__); print(qdiff.diff('SELECT a FROM t', 'SELECT b FROM t')['score'])"


def import_from(folder):
    env = dict(os.environ, PYTHONPATH=folder)
    done = subprocess.run([sys.executable, "-c", CHECK], env=env, capture_output=True, text=True, cwd="/")
    assert done.returncode == 0, done.stderr
    where, score = done.stdout.split()
    assert where.startswith(folder) and 0 < float(score) < 1
    return where


@pytest.fixture
def build_dir():
    if not BUILD_DIR:
        pytest.skip("QDIFF_BUILD_DIR is not set (ctest sets it)")
    return BUILD_DIR


def test_cmake_install(build_dir, tmp_path):
    subprocess.run(["cmake", "--install", build_dir, "--component", "python", "--prefix", str(tmp_path)],
                   check=True, capture_output=True, env=plain_env())
    [site] = [os.path.join(root) for root, dirs, _ in os.walk(tmp_path) if "qdiff" in dirs]
    assert site.endswith(("dist-packages", "site-packages"))
    import_from(site)


def test_pip_install_offline(build_dir, tmp_path):
    # The in-tree backend reuses the build tree, so this only packs what is built.
    done = subprocess.run([sys.executable, "-m", "pip", "install", "--no-index", "--no-deps", "--no-cache-dir",
                           "--target", str(tmp_path), "--config-settings", "build-dir=" + build_dir, SOURCE_DIR],
                          capture_output=True, text=True, env=plain_env())
    assert done.returncode == 0, done.stdout + done.stderr
    import_from(str(tmp_path))
    assert any(name.startswith("qdiff-") and name.endswith(".dist-info") for name in os.listdir(tmp_path))
