"""A PEP 517 build backend that builds the qdiff wheel with the project's CMake build.

Standard library only, so that `pip install .` works offline (pyproject.toml lists no build
requirements for pip to download). It configures a CMake build tree (or reuses one), builds the
`_qdiff` target, and zips the package folder the build tree holds (<build>/python/qdiff: the
extension and the pure-Python modules) into a wheel.
"""

import base64
import hashlib
import os
import re
import shlex
import subprocess
import sys
import sysconfig
import zipfile

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
NAME = "qdiff"


def _version():
    with open(os.path.join(ROOT, "CMakeLists.txt"), encoding="utf-8") as f:
        match = re.search(r"project\(qdiff\s+VERSION\s+([0-9.]+)", f.read())
    if not match:
        raise RuntimeError("no `project(qdiff VERSION ...)` in CMakeLists.txt")
    return match.group(1)


def _tag():
    """This interpreter's wheel tag, e.g. cp311-cp311-linux_x86_64 (the extension is built for it)."""
    python = "cp%d%d" % sys.version_info[:2]
    platform = sysconfig.get_platform().replace("-", "_").replace(".", "_")
    return "%s-%s-%s" % (python, python, platform)


def _setting(config_settings, key, default=None):
    value = (config_settings or {}).get(key, default)
    return value[-1] if isinstance(value, list) else value


def _build(config_settings):
    """Builds the module; returns the package folder of the build tree."""
    build_dir = os.path.abspath(os.path.join(ROOT, _setting(config_settings, "build-dir", "build/python-wheel")))
    if not os.path.exists(os.path.join(build_dir, "CMakeCache.txt")):
        configure = ["cmake", "-S", ROOT, "-B", build_dir, "-DCMAKE_BUILD_TYPE=Release", "-DQDIFF_BUILD_TESTS=OFF",
                     "-DQDIFF_BUILD_PYTHON=ON", "-DPython_EXECUTABLE=" + sys.executable]
        configure += shlex.split(_setting(config_settings, "cmake-args", ""))
        subprocess.run(configure, check=True, stdout=sys.stderr)
    jobs = str(os.cpu_count() or 1)
    subprocess.run(["cmake", "--build", build_dir, "--target", "_qdiff", "--parallel", jobs], check=True,
                   stdout=sys.stderr)
    package = os.path.join(build_dir, "python", NAME)
    if not any(f.startswith("_qdiff") and f.endswith(".so") for f in os.listdir(package)):
        raise RuntimeError("the build tree %s has no qdiff extension module" % build_dir)
    return package


def _metadata():
    with open(os.path.join(ROOT, "README.md"), encoding="utf-8") as f:
        readme = f.read()
    return ("Metadata-Version: 2.1\nName: %s\nVersion: %s\nSummary: Parse, lint and score SQL, KQL and "
            "Weaviate queries against expected ones\nRequires-Python: >=3.9\nProvides-Extra: pandas\n"
            "Requires-Dist: pandas ; extra == 'pandas'\nProvides-Extra: dask\n"
            "Requires-Dist: dask ; extra == 'dask'\nRequires-Dist: distributed ; extra == 'dask'\n"
            "Description-Content-Type: text/markdown\n\n%s" % (NAME, _version(), readme))


def _dist_info_files():
    wheel = "Wheel-Version: 1.0\nGenerator: qdiff_build_backend\nRoot-Is-Purelib: false\nTag: %s\n" % _tag()
    return {"METADATA": _metadata(), "WHEEL": wheel}


def _dist_info_name():
    return "%s-%s.dist-info" % (NAME, _version())


def get_requires_for_build_wheel(config_settings=None):
    return []


def prepare_metadata_for_build_wheel(metadata_directory, config_settings=None):
    folder = os.path.join(metadata_directory, _dist_info_name())
    os.makedirs(folder, exist_ok=True)
    for name, text in _dist_info_files().items():
        with open(os.path.join(folder, name), "w", encoding="utf-8") as f:
            f.write(text)
    return _dist_info_name()


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    package = _build(config_settings)
    wheel_name = "%s-%s-%s.whl" % (NAME, _version(), _tag())
    records = []

    def add(archive, name, data):
        info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
        info.compress_type = zipfile.ZIP_DEFLATED
        info.external_attr = 0o644 << 16
        archive.writestr(info, data)
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        records.append("%s,sha256=%s,%d" % (name, digest, len(data)))

    with zipfile.ZipFile(os.path.join(wheel_directory, wheel_name), "w", zipfile.ZIP_DEFLATED) as archive:
        for file in sorted(os.listdir(package)):
            if file.endswith(".py") or (file.startswith("_qdiff") and file.endswith(".so")):
                with open(os.path.join(package, file), "rb") as f:
                    add(archive, "%s/%s" % (NAME, file), f.read())
        for name, text in _dist_info_files().items():
            add(archive, "%s/%s" % (_dist_info_name(), name), text.encode("utf-8"))
        record_name = "%s/RECORD" % _dist_info_name()
        records.append("%s,," % record_name)
        archive.writestr(zipfile.ZipInfo(record_name, date_time=(1980, 1, 1, 0, 0, 0)), "\n".join(records) + "\n")
    return wheel_name
