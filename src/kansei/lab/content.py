"""Content versions: a folder, or a folder at a git ref (``REF:PATH``, as ``git show`` spells it).

A version is copied into the run's folder (``content/v0``, ``content/v1``) and packed as bytes, so a run
never depends on a folder that may change after it started, resumes play the very same content, and
Ray workers on other machines get the files with the work.
"""

from __future__ import annotations

import hashlib
import io
import shutil
import subprocess
import tarfile
import tempfile
from pathlib import Path

from kansei.core.errors import ContentError
from kansei.core.options import shorten

MAX_FILES = 2_000
MAX_BYTES = 32 * 1024 * 1024


def pack(folder: Path) -> tuple[str, dict[str, bytes]]:
    """Every file under ``folder`` (relative posix path -> bytes) and a digest of them all."""
    files: dict[str, bytes] = {}
    total = 0
    for path in sorted(folder.rglob("*")):
        if not path.is_file() or any(part.startswith(".") for part in path.relative_to(folder).parts):
            continue
        data = path.read_bytes()
        total += len(data)
        if len(files) >= MAX_FILES or total > MAX_BYTES:
            raise ContentError(
                [f"{shorten(str(folder))}: more than {MAX_FILES} files or {MAX_BYTES >> 20} MiB"]
            )
        files[path.relative_to(folder).as_posix()] = data
    return digest_of(files), files


def digest_of(files: dict[str, bytes]) -> str:
    """The digest of a set of content files (relative posix path -> bytes), as ``pack`` gives it."""
    h = hashlib.sha256()
    for rel in sorted(files):
        h.update(rel.encode() + b"\0" + hashlib.sha256(files[rel]).digest())
    return h.hexdigest()[:16]


def unpack(files: dict[str, bytes], dest: Path) -> Path:
    for rel, data in files.items():
        path = dest / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
    return dest


def _git(args: list[str], cwd: Path, failure: str | None = None) -> bytes:
    try:
        done = subprocess.run(["git", *args], cwd=cwd, capture_output=True, timeout=60, check=False)
    except FileNotFoundError:
        raise ContentError(["git is not installed (needed to read a content version at a git ref)"]) from None
    if done.returncode != 0:
        if failure:
            raise ContentError([failure])
        msg = done.stderr.decode(errors="replace").strip().splitlines()
        raise ContentError([f"git {args[0]}: {shorten(msg[-1] if msg else 'failed', 160)}"])
    return done.stdout


def from_git(spec: str, dest: Path, cwd: Path | None = None) -> Path:
    """Extract the folder ``PATH`` as it is at ``REF`` (``spec`` = ``REF:PATH``) into ``dest``."""
    ref, _, sub = spec.partition(":")
    if not ref or not sub.strip("/."):
        raise ContentError(
            [f"{shorten(spec)!r}: a content version is a folder or REF:PATH (e.g. main:content)"]
        )
    here = (cwd or Path.cwd()).resolve()
    top = Path(
        _git(["rev-parse", "--show-toplevel"], here, f"{shorten(spec)!r}: not inside a git repository")
        .decode()
        .strip()
    )
    if sub.startswith("./"):  # as in git: ./PATH is relative to the current folder, PATH to the top
        prefix = here.relative_to(top).as_posix() if here != top else ""
        sub = f"{prefix}/{sub[2:]}"
    full = sub.strip("/")
    _git(
        ["rev-parse", "--verify", "--quiet", f"{ref}^{{commit}}"],
        top,
        f"{shorten(spec)!r}: no git ref {shorten(ref, 40)!r}",
    )
    blob = _git(
        ["archive", "--format=tar", ref, "--", full], top, f"{shorten(spec)!r}: no files at {full!r} in {ref}"
    )
    dest.mkdir(parents=True, exist_ok=True)
    count = 0
    with tarfile.open(fileobj=io.BytesIO(blob)) as tar:
        for m in tar.getmembers():
            if not m.isfile() or not m.name.startswith(full + "/"):
                continue
            rel = m.name[len(full) + 1 :]
            target = dest / rel
            if ".." in Path(rel).parts:
                continue
            target.parent.mkdir(parents=True, exist_ok=True)
            fh = tar.extractfile(m)
            if fh is not None:
                target.write_bytes(fh.read())
                count += 1
    if count == 0:
        raise ContentError([f"{shorten(spec)!r}: no files at {full!r} in {ref}"])
    return dest


def materialize(spec: str, dest: Path) -> Path:
    """A content version (a folder, or ``REF:PATH``) copied to ``dest``."""
    path = Path(spec)
    if dest.exists():
        shutil.rmtree(dest)
    if path.is_dir():
        shutil.copytree(path, dest, ignore=shutil.ignore_patterns(".*", "__pycache__"))
        return dest
    if ":" in spec and not path.exists():
        return from_git(spec, dest)
    raise ContentError([f"{shorten(spec)!r}: no such content folder (or REF:PATH of a git ref)"])


def scratch() -> Path:
    return Path(tempfile.mkdtemp(prefix="kansei-lab-"))


__all__ = ["from_git", "materialize", "pack", "scratch", "unpack"]
