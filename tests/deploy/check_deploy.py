#!/usr/bin/env python3
"""Checks deploy/'s Kubernetes manifests and systemd units against the real programs.

  check_deploy.py kubernetes DIR... --program NAME=PATH...
      renders each kustomization with `kubectl kustomize DIR`, and checks every container that
      runs a gc9 program: each argument is a flag the program lists (`PROGRAM --list-flags`)
      with a value of the flag's type, and a worker's pod waits longer for it to stop than the
      worker's own drain bound (--drain-seconds).
  check_deploy.py systemd DIR --program NAME=PATH...
      runs `systemd-analyze verify` on every unit in DIR (installed with the programs into a
      scratch root, which must give no complaint at all) and checks each ExecStart's arguments
      the same way.

Exits 0 when everything holds, 1 with one line per problem, 77 (ctest's skip) when kubectl or
systemd-analyze is not installed.
"""

import argparse
import math
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile

SKIP = 77
# Kubernetes's default terminationGracePeriodSeconds.
DEFAULT_GRACE_SECONDS = 30
# What a pod's grace period must leave beyond the worker's drain bound: the worker's own exit
# and the container runtime's signal delivery.
GRACE_MARGIN_SECONDS = 3


def program_flags(path):
    """{flag name: (type, default)} as the program lists them."""
    out = subprocess.run([path, "--list-flags"], capture_output=True, text=True, check=True)
    flags = {}
    for line in out.stdout.splitlines():
        match = re.fullmatch(r"--([\w-]+) (string|int|double|bool) ?(.*)", line)
        if not match:
            raise ValueError(f"{path} --list-flags: unexpected line {line!r}")
        flags[match.group(1)] = (match.group(2), match.group(3))
    return flags


def check_value(kind, value):
    try:
        if kind == "int":
            int(value)
        elif kind == "double":
            float(value)
        elif kind == "bool":
            return value in ("true", "false", "1", "0")
    except ValueError:
        return False
    return True


def check_args(where, program, flags, args):
    """Problems with `args` for a program with `flags`; fills in the flags' values."""
    problems = []
    values = {}
    i = 0
    while i < len(args):
        arg = args[i]
        i += 1
        if not arg.startswith("--"):
            problems.append(f"{where}: {program} takes no argument {arg!r}")
            continue
        name, has_value, value = arg[2:].partition("=")
        if name not in flags:
            problems.append(f"{where}: {program} has no flag --{name}")
            continue
        kind = flags[name][0]
        if not has_value:
            if kind == "bool":
                value = "true"
            elif i < len(args):
                value = args[i]
                i += 1
            else:
                problems.append(f"{where}: --{name} has no value")
                continue
        if not check_value(kind, value):
            problems.append(f"{where}: --{name} takes {kind}, not {value!r}")
        values[name] = value
    return problems, values


class Programs:
    def __init__(self, specs):
        self.paths = {}
        for spec in specs:
            name, _, path = spec.partition("=")
            self.paths[name] = path
        self.flags = {name: program_flags(path) for name, path in self.paths.items()}

    def check(self, where, command, args):
        """Problems with running `command` (a path or name) with `args`; (problems, values)."""
        program = os.path.basename(command)
        if program not in self.flags:
            return [f"{where}: runs {command!r}, which is none of {sorted(self.flags)}"], {}
        return check_args(where, program, self.flags[program], args)

    def drain_seconds(self, values):
        if "drain-seconds" in values:
            return int(values["drain-seconds"])
        return int(self.flags["gc9-worker"]["drain-seconds"][1])


# ---- Kubernetes ----


def cpu_count(quantity):
    """A CPU quantity ("4", "500m") as the whole CPUs a resourceFieldRef with divisor 1 gives."""
    quantity = str(quantity)
    if quantity.endswith("m"):
        return math.ceil(int(quantity[:-1]) / 1000)
    return math.ceil(float(quantity))


def container_env(container):
    """The container's environment as Kubernetes expands $(NAME) in args."""
    env = {}
    for var in container.get("env", []):
        if "value" in var:
            env[var["name"]] = str(var["value"])
            continue
        field = var.get("valueFrom", {}).get("resourceFieldRef")
        if field and field.get("resource") == "limits.cpu" and str(field.get("divisor", "1")) == "1":
            env[var["name"]] = str(cpu_count(container["resources"]["limits"]["cpu"]))
    return env


def expand(arg, env, where, problems):
    def replace(match):
        if match.group(1) not in env:
            problems.append(f"{where}: $({match.group(1)}) is not set by the container's env")
            return match.group(0)
        return env[match.group(1)]

    return re.sub(r"\$\(([A-Za-z_][A-Za-z0-9_]*)\)", replace, arg)


def pod_specs(obj):
    kind = obj.get("kind")
    if kind in ("Deployment", "StatefulSet", "Job", "DaemonSet", "ReplicaSet"):
        yield obj["spec"]["template"]["spec"]
    elif kind == "CronJob":
        yield obj["spec"]["jobTemplate"]["spec"]["template"]["spec"]
    elif kind == "Pod":
        yield obj["spec"]


def check_kubernetes(args, programs):
    import yaml  # Debian's python3-yaml; imported here so that systemd needs nothing else

    kubectl = shutil.which("kubectl")
    if kubectl is None:
        print("kubectl is not installed (Debian: kubernetes-client)")
        return SKIP
    problems = []
    checked = 0
    for directory in args.dirs:
        out = subprocess.run([kubectl, "kustomize", directory], capture_output=True, text=True)
        if out.returncode != 0:
            problems.append(f"{directory}: kubectl kustomize failed: {out.stderr.strip()}")
            continue
        for obj in yaml.safe_load_all(out.stdout):
            if not obj:
                continue
            for spec in pod_specs(obj):
                grace = spec.get("terminationGracePeriodSeconds", DEFAULT_GRACE_SECONDS)
                for container in spec.get("containers", []) + spec.get("initContainers", []):
                    where = f"{directory}: {obj['kind']}/{obj['metadata']['name']}: {container['name']}"
                    command = container.get("command", [])
                    if not command:
                        problems.append(f"{where}: no command (the image runs none by default)")
                        continue
                    env = container_env(container)
                    expanded = [expand(a, env, where, problems) for a in container.get("args", [])]
                    found, values = programs.check(where, command[0], command[1:] + expanded)
                    problems += found
                    checked += 1
                    if os.path.basename(command[0]) == "gc9-worker" and "drain-seconds" in programs.flags["gc9-worker"]:
                        drain = programs.drain_seconds(values)
                        if grace < drain + GRACE_MARGIN_SECONDS:
                            problems.append(
                                f"{where}: terminationGracePeriodSeconds {grace} does not cover "
                                f"the worker's drain bound of {drain} s plus {GRACE_MARGIN_SECONDS} s")
    if checked == 0:
        problems.append("no container runs a gc9 program")
    return report(problems, f"{checked} container(s) checked")


# ---- systemd ----


def unit_lines(path):
    """(key, value) pairs of a unit file, continuation lines joined."""
    pairs = []
    text = open(path).read().replace("\\\n", " ")
    for line in text.splitlines():
        line = line.strip()
        if not line or line[0] in "#;[":
            continue
        key, _, value = line.partition("=")
        pairs.append((key.strip(), value.strip()))
    return pairs


def env_assignments(text):
    """NAME=VALUE words (Environment= lines and environment files), quotes removed."""
    env = {}
    for word in shlex.split(text, comments=True):
        name, _, value = word.partition("=")
        env[name] = value
    return env


def exec_words(command, env, specifiers):
    """An ExecStart command line as systemd splits it: specifiers, ${NAME} as one word,
    $NAME as several."""
    for key, value in specifiers.items():
        command = command.replace("%" + key, value)
    words = []
    for word in shlex.split(command):
        whole = re.fullmatch(r"\$([A-Za-z_][A-Za-z0-9_]*)", word)
        if whole:
            words += env.get(whole.group(1), "").split()
            continue
        words.append(re.sub(r"\$\{([A-Za-z_][A-Za-z0-9_]*)\}", lambda m: env.get(m.group(1), ""), word))
    return words


def check_systemd(args, programs):
    analyze = shutil.which("systemd-analyze")
    if analyze is None:
        print("systemd-analyze is not installed")
        return SKIP
    problems = []
    units = sorted(u for u in os.listdir(args.dirs[0]) if u.endswith(".service"))
    # A worker.env and token as an operator writes them, for verify and for the arguments.
    worker_env = "GC9_COORDINATOR=coordinator.example.org:7700\nGC9_CONCURRENCY=8\n"
    with tempfile.TemporaryDirectory(prefix="gc9-systemd-") as root:
        # 1. A scratch root: systemd's own units, ours, the programs where ExecStart has them.
        for system in ("/usr/lib/systemd/system", "/lib/systemd/system"):
            if os.path.isdir(system):
                shutil.copytree(system, root + "/usr/lib/systemd/system", symlinks=True)
                break
        os.makedirs(root + "/etc/systemd/system")
        os.makedirs(root + "/etc/gc9")
        os.makedirs(root + "/usr/local/bin")
        for unit in units:
            shutil.copy(os.path.join(args.dirs[0], unit), root + "/etc/systemd/system/")
        for name, path in programs.paths.items():
            shutil.copy(path, root + "/usr/local/bin/" + name)
        with open(root + "/etc/gc9/worker.env", "w") as out:
            out.write(worker_env)
        with open(root + "/etc/gc9/token", "w") as out:
            out.write("secret\n")
        # 2. verify: any output at all is a problem (it warns about unknown keys and values
        # but exits 0).
        instances = [u.replace("@.service", "@1.service") for u in units]
        out = subprocess.run([analyze, "verify", "--root=" + root] + instances,
                             capture_output=True, text=True)
        if out.returncode != 0 or out.stdout.strip() or out.stderr.strip():
            problems.append(f"systemd-analyze verify: {(out.stdout + out.stderr).strip()}")
    # 3. Each ExecStart's arguments against the program's flags.
    for unit, instance in zip(units, instances):
        pairs = unit_lines(os.path.join(args.dirs[0], unit))
        env = {}
        for key, value in pairs:
            if key == "Environment":
                env.update(env_assignments(value))
            elif key == "EnvironmentFile" and value.lstrip("-") == "/etc/gc9/worker.env":
                env.update(env_assignments(worker_env))
        specifiers = {"S": "/var/lib", "d": f"/run/credentials/{instance}", "i": "1", "%": "%"}
        for key, value in pairs:
            if key != "ExecStart":
                continue
            words = exec_words(value.lstrip("-@:+!"), env, specifiers)
            found, _ = programs.check(f"{unit}: ExecStart", words[0], words[1:])
            problems += found
    return report(problems, f"{len(units)} unit(s) checked")


def report(problems, summary):
    for problem in problems:
        print(problem)
    if problems:
        return 1
    print(summary)
    return 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("what", choices=["kubernetes", "systemd"])
    parser.add_argument("dirs", nargs="+")
    parser.add_argument("--program", action="append", default=[], metavar="NAME=PATH")
    args = parser.parse_args()
    programs = Programs(args.program)
    return check_kubernetes(args, programs) if args.what == "kubernetes" else check_systemd(args, programs)


if __name__ == "__main__":
    sys.exit(main())
