#!/usr/bin/env python3
"""Validates deploy/kubernetes/*.yaml against the Kubernetes API schema, as the PyPI kubernetes
client's models describe it: every key a field of its model (none unknown, none of the wrong type),
every required field present, then the split's own rules: an Indexed Job with completions equal to
parallelism and to NSE_BENCH_SEGMENTS, each pod run with --segment auto and --start-at, results on a
volume the merge Job reads.

    k8s_validate.py DIR
Exit 0 when valid, 1 naming each problem, 77 when the package is absent (a skip)."""
import glob, sys

try:
    import yaml
    from kubernetes import client
except ImportError:
    print("the PyPI kubernetes package is not installed (pip install kubernetes)")
    sys.exit(77)

PRIMITIVE = {"str": str, "int": int, "bool": bool, "float": (int, float), "object": object, "datetime": str}
problems = []


def check(value, type_name, path):
    # Older clients spell containers list[X] and dict(str, X); newer ones List[X] and Dict[str, X].
    if type_name.startswith("List["):
        type_name = "list[" + type_name[5:]
    elif type_name.startswith("Dict["):
        type_name = "dict(" + type_name[5:-1] + ")"
    if type_name.startswith("list["):
        if not isinstance(value, list):
            return problems.append(f"{path}: expected a list")
        for i, item in enumerate(value):
            check(item, type_name[5:-1], f"{path}[{i}]")
    elif type_name.startswith("dict("):
        if not isinstance(value, dict):
            return problems.append(f"{path}: expected a map")
        inner = type_name[5:-1].split(", ", 1)[1]
        for key, item in value.items():
            check(item, inner, f"{path}.{key}")
    elif type_name in PRIMITIVE:
        if not isinstance(value, PRIMITIVE[type_name]):
            problems.append(f"{path}: expected {type_name}, found {type(value).__name__}")
    else:
        model = getattr(client, type_name)
        if not isinstance(value, dict):
            return problems.append(f"{path}: expected a {type_name} object")
        fields = {json: python for python, json in model.attribute_map.items()}
        for key, item in value.items():
            if key not in fields:
                problems.append(f"{path}.{key}: not a field of {type_name}")
            else:
                check(item, model.openapi_types[fields[key]], f"{path}.{key}")


MODELS = {("batch/v1", "Job"): "V1Job", ("v1", "PersistentVolumeClaim"): "V1PersistentVolumeClaim"}
documents = {}
for file in sorted(glob.glob(f"{sys.argv[1]}/*.yaml")):
    for document in yaml.safe_load_all(open(file)):
        name = f"{file}:{document.get('kind')}/{document.get('metadata', {}).get('name')}"
        model = MODELS.get((document.get("apiVersion"), document.get("kind")))
        if model is None:
            problems.append(f"{name}: unexpected apiVersion/kind")
            continue
        check(document, model, name)
        try:
            # The client's own deserialisation: a required field missing or an enum value unknown raises.
            client.ApiClient()._ApiClient__deserialize(document, model)
        except (ValueError, TypeError) as error:
            problems.append(f"{name}: {error}")
        documents[document["metadata"]["name"]] = document

if problems:  # the split's rules below read the schema's fields
    print("\n".join(problems))
    sys.exit(1)
load = documents.get("nse-bench-load")
merge = documents.get("nse-bench-merge")
if not load or not merge:
    problems.append("expected the Jobs nse-bench-load and nse-bench-merge")
else:
    spec = load["spec"]
    container = spec["template"]["spec"]["containers"][0]
    env = {e["name"]: e.get("value") for e in container.get("env", [])}
    if spec.get("completionMode") != "Indexed":
        problems.append("the load Job must be completionMode: Indexed")
    if not (spec.get("completions") == spec.get("parallelism") == int(env.get("NSE_BENCH_SEGMENTS") or -1)):
        problems.append("completions, parallelism and NSE_BENCH_SEGMENTS must be the same N")
    args = container["args"]
    for flag, value in [("--segment", "auto"), ("--start-at", None), ("--target", None)]:
        if flag not in args or (value and args[args.index(flag) + 1] != value):
            problems.append(f"each pod must run {flag} {value or '...'}")
    claims = lambda job: {v["persistentVolumeClaim"]["claimName"] for v in job["spec"]["template"]["spec"]["volumes"]}
    if not claims(load) & claims(merge):
        problems.append("the merge Job must mount the volume the load Job writes")
    command = " ".join(merge["spec"]["template"]["spec"]["containers"][0]["args"])
    segments = spec.get("completions") or 0
    if "nse-bench merge" not in command or "nse-bench compare" not in command:
        problems.append("the merge Job must merge, then gate with compare")
    for i in range(segments):
        if f"/results/segment-{i}" not in command:
            problems.append(f"the merge Job must read segment {i}")
print("\n".join(problems) or f"{len(documents)} manifests valid")
sys.exit(1 if problems else 0)
