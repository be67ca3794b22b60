"""Scans every file git tracks with detect-secrets; exits 1 on any finding.

Lock files are skipped: their integrity hashes are public checksums that the
entropy detectors would report. A real false positive elsewhere is marked
in place with a `pragma: allowlist secret` comment, never by widening this list.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from detect_secrets import SecretsCollection
from detect_secrets.settings import default_settings

SKIPPED = ("package-lock.json",)


def tracked_files(root: Path) -> list[str]:
    out = subprocess.run(["git", "ls-files", "-z"], cwd=root, check=True, capture_output=True).stdout
    names = [n for n in out.decode().split("\0") if n]
    return [n for n in names if Path(n).name not in SKIPPED and (root / n).is_file()]


def main() -> int:
    root = Path(__file__).resolve().parent.parent
    files = tracked_files(root)
    secrets = SecretsCollection(root=str(root))
    with default_settings():
        for name in files:
            secrets.scan_file(name)
    findings = [(name, s) for name, found in secrets.data.items() for s in found]
    if findings:
        for name, secret in findings:
            print(f"secret scan: {name}:{secret.line_number}: {secret.type}", file=sys.stderr)
        print(f"secret scan: {len(findings)} finding(s) in {len(files)} tracked files", file=sys.stderr)
        return 1
    print(f"secret scan: no findings in {len(files)} tracked files (detect-secrets)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
