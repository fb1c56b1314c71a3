# abstat-doctor(1): clean under groff -ww, documents every check abstat
# doctor prints, and lists every env key a capture produces.
test_lazy_prereq GROFF 'command -v groff'
page=man/abstat-doctor.1

test_expect_success GROFF 'abstat-doctor.1: clean under groff -ww' '
	groff -ww -man -Tutf8 "$page" >/dev/null 2>"$TESTTMP/groff" || fail "groff failed"
	if [ -s "$TESTTMP/groff" ]; then cat "$TESTTMP/groff"; fail "groff warnings"; fi
'
test_expect_success 'every check doctor prints is documented' '
	"$ABSTAT" doctor --backend papi >"$TESTTMP/out" 2>/dev/null || : # (warnings: its checks are read below)
	names=$(grep -E "^(OK|WARN|FAIL) " "$TESTTMP/out" | awk "{print \$2}")
	[ -n "$names" ] || fail "doctor printed no checks"
	for n in $names; do
		grep -qx ".B $n" "$page" || fail "check $n not documented in $page"
	done
'

# env keys: every key of a real capture (flattened like compare does) is
# in the table, with NAME standing for per-file/per-PMU/per-workload parts
for k in kernel.release kernel.version kernel.cmdline kernel.boot_id \
	kernel.boot_time kernel.config cpu.vendor cpu.model_name cpu.family cpu.model \
	cpu.stepping cpu.microcode cpu.online cpu.smt_control cpu.pinned \
	cpu.pinned_siblings cpufreq.governor cpufreq.driver cpufreq.boost \
	isolation.isolcpus isolation.nohz_full isolation.rcu_nocbs \
	isolation.isolated vulnerabilities.NAME hypervisor \
	pmus.NAME.pmu_name perf.paranoid perf.nmi_watchdog \
	perf.max_sample_rate thp clocksource randomize_va_space load.avg1 \
	load.runnable libraries.libpfm4 libraries.papi abstat_version \
	workloads.NAME.path workloads.NAME.sha256; do
	test_expect_success "env key $k is in the table" '
		grep -qE "^\.B $k(,|\$)" "$page" || fail "env key $k not in $page"
	'
done

cat >"$TESTTMP/envkeys.py" <<'PY'
import json, sys
env = json.load(open(sys.argv[1]))["env"]
page = open(sys.argv[2]).read().splitlines()
keys = set()
def walk(p, v):
    if p == ["kernel", "config"]:  # one key, as compare flattens it
        keys.add("kernel.config")
    elif isinstance(v, dict):
        for k, c in v.items():
            walk(p + [k], c)
    elif isinstance(v, list) and v and isinstance(v[0], dict):
        for e in v:
            for k, c in e.items():
                if k != "name":
                    keys.add(".".join(p + ["NAME", k]))
    else:
        keys.add(".".join(p))
walk([], env)
for k in list(keys):
    if k.startswith("vulnerabilities."):
        keys.discard(k); keys.add("vulnerabilities.NAME")
    if k.startswith("load.avg"):
        keys.discard(k); keys.add("load.avg1")
bad = [k for k in sorted(keys) if not any(l == ".B " + k or l.startswith(".B " + k + ",") for l in page)]
print("env keys checked:", len(keys), "missing:", bad)
sys.exit(1 if bad or not keys else 0)
PY
# abstat run stores env: every key of a real result is in the table
test_expect_success 'every env key of a real result is in the table' '
	expect_exit 0 "$ABSTAT" run -q -r 1 --warmup 0 -o "$TESTTMP/r.json" -- /bin/true &&
	n=$(json "len(d.get(\"env\", {}))" "$TESTTMP/r.json") &&
	{ [ "$n" -gt 0 ] || fail "the result has no env"; } &&
	{ python3 "$TESTTMP/envkeys.py" "$TESTTMP/r.json" "$page" || fail "env keys missing from the man page"; }
'
test_done
