#!/usr/bin/env python3
"""Validates a SARIF log against the SARIF 2.1.0 JSON schema and prints the
fields the tests look at, one per line:

  sarif_check.py --schema SCHEMA LOG [--fingerprints-only]
"""
import json
import sys

import jsonschema


def main():
    args = sys.argv[1:]
    schema_path = args[args.index("--schema") + 1]
    log_path = [a for a in args if not a.startswith("--") and a != schema_path][0]
    with open(schema_path) as f:
        schema = json.load(f)
    with open(log_path) as f:
        log = json.load(f)
    cls = jsonschema.validators.validator_for(schema)
    cls.check_schema(schema)
    errors = sorted(cls(schema).iter_errors(log), key=lambda e: list(e.path))
    for e in errors:
        print("INVALID at /%s: %s" % ("/".join(map(str, e.path)), e.message))
    if errors:
        sys.exit(1)
    if "--fingerprints-only" in args:
        for r in log["runs"][0]["results"]:
            print(r["ruleId"], r["partialFingerprints"]["retrylint/v1"])
        return
    print("valid SARIF %s, %d run(s)" % (log["version"], len(log["runs"])))
    run = log["runs"][0]
    drv = run["tool"]["driver"]
    print("tool %s %s" % (drv["name"], drv["version"]))
    for rule in drv["rules"]:
        print("rule %s" % rule["id"])
        print("  short: %s" % rule["shortDescription"]["text"])
        print("  full: %s" % rule["fullDescription"]["text"])
        print("  help: %s" % rule["help"]["text"])
        print("  helpUri: %s" % rule.get("helpUri", "(none)"))
        md = rule["help"]["markdown"]
        print("  markdown: %s ... %d lines, sections: %s" % (
            md.splitlines()[0], len(md.splitlines()),
            ", ".join(l[3:] for l in md.splitlines() if l.startswith("## "))))
        for ev in rule.get("properties", {}).get("evidence", []):
            print("  evidence %s %s claim=%s measured=%s matches=%s" % (
                ev["role"], ev["scenario"],
                json.dumps(ev["claim"], sort_keys=True),
                json.dumps(ev["measured"], sort_keys=True), ev["matches"]))
    print("root %s" % run["originalUriBaseIds"]["%SRCROOT%"]["uri"])
    print("executionSuccessful %s" % run["invocations"][0]["executionSuccessful"])
    for n in run["invocations"][0].get("toolExecutionNotifications", []):
        print("notification %s %s: %s" % (n["level"], n["descriptor"]["id"],
                                          n["message"]["text"]))
    for r in run["results"]:
        loc = r["locations"][0]["physicalLocation"]
        art = loc["artifactLocation"]
        print("result %s [%d] %s %s %s:%d:%d" % (
            r["ruleId"], r["ruleIndex"], r["level"], art.get("uriBaseId", "-"),
            art["uri"], loc["region"]["startLine"],
            loc["region"]["startColumn"]))
        print("  message: %s" % r["message"]["text"])
        print("  snippet: %s" % loc["region"]["snippet"]["text"])
        for rel in r.get("relatedLocations", []):
            p = rel["physicalLocation"]
            print("  related %d %s:%d:%d: %s" % (
                rel["id"], p["artifactLocation"]["uri"],
                p["region"]["startLine"], p["region"]["startColumn"],
                rel["message"]["text"]))
        print("  fingerprint %s" % r["partialFingerprints"]["retrylint/v1"])
        if "baselineState" in r:
            print("  baselineState %s" % r["baselineState"])


if __name__ == "__main__":
    main()
