#!/usr/bin/env python3
"""Lists every `import` of a package module that its target does not declare in Package.swift.

Usage: Tools/check-imports.py   (from the package root; needs `swift package dump-package`)
Exit 0 when every import is declared, 1 otherwise. A module imported but not declared builds only
because another dependency happens to bring it in, and breaks when that one changes.
"""
import glob, json, re, subprocess, sys

package = json.loads(subprocess.run(["swift", "package", "dump-package"], check=True, capture_output=True, text=True).stdout)
# The platform's own modules, which no target declares.
platform = {"Foundation", "FoundationNetworking", "FoundationXML", "FoundationEssentials", "Dispatch", "Glibc",
            "Testing", "XCTest", "PackagePlugin", "Synchronization", "_Concurrency"}
undeclared = 0
for target in package["targets"]:
    if target["type"] in ("system", "plugin"):
        continue
    declared = set()
    for dependency in target.get("dependencies", []):
        for key in ("byName", "target", "product"):
            if key in dependency:
                declared.add(dependency[key][0])
    path = target.get("path") or ("Tests/" if target["type"] == "test" else "Sources/") + target["name"]
    for file in sorted(glob.glob(path + "/**/*.swift", recursive=True)):
        with open(file, encoding="utf-8") as f:
            text = f.read()
        for module in re.findall(r"^(?:@testable |@_implementationOnly )?import (?:struct |class |enum |func )?(\w+)", text, re.M):
            if module not in platform and module != target["name"] and module not in declared:
                print(f"{file}: imports {module}, which {target['name']} does not declare")
                undeclared += 1
print(f"check-imports: {undeclared} undeclared import(s)")
sys.exit(1 if undeclared else 0)
