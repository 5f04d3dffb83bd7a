#!/usr/bin/env python3
"""Prints the facts files in a directory as one line per function and layer:

  <tu>: <function> <usr>
    layer <what> at <line>:<col> attempts=N [tentative deciders=U,...] [retries=CODES]
"""
import glob
import json
import os
import sys

for path in sorted(glob.glob(os.path.join(sys.argv[1], "*.json"))):
    d = json.load(open(path))
    tu = os.path.basename(d["translation_unit"])
    for f in sorted(d["functions"], key=lambda f: f["name"]):
        print(f"{tu}: {f['name']} {f['usr']}")
        for layer in f["layers"]:
            line = (f"  layer {layer['what']} at {layer['where']['line']}:"
                    f"{layer['where']['column']} attempts={layer['attempts']}")
            if layer["tentative"]:
                line += " tentative deciders=" + ",".join(layer["deciders"])
            if layer["retries"] is not None and layer["retries"]["grpc"]:
                line += " retries=" + ",".join(layer["retries"]["grpc"])
            print(line)
