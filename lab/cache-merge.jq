# cache-merge.jq: cache-merge.sh's work, jq -n with $r (the result), $c
# (the model's lines) and $events (the comma list). See cache-merge.sh.
($r[0]) as $res
| ($c | map(select(has("model"))) | .[0]
   // error("no model line (not a file of lab/plugin/cache.c)")) as $model
| ($c | map(select(has("mark")))) as $marks
| if ($marks | length) < 2 then
    error("\($marks | length) marks, expected 2 (tests/progs/lab_mark before and after abstat run)")
  else . end
| ($c | map(select(has("region") and .region > $marks[0].regions
                   and .region <= $marks[1].regions))) as $regions
| if any($res.benchmarks[]; (.copies // 1) > 1) then
    error("copies: the model counts the one vCPU that opened a region; run one copy (LAB_A_COPIES=1)")
  else . end
# the runs in the order they started: [benchmark, run] index pairs
| ([$res.benchmarks | to_entries[] | .key as $b | .value.runs | to_entries[]
    | { b: $b, i: .key, start: .value.start_ns }] | sort_by(.start)) as $order
| if ($order | length) != ($regions | length) then
    error("\($regions | length) measured regions between the marks, \($order | length) runs (one region a run: a run that failed, or a program with several regions?)")
  else . end
| ($events | split(",") | map(select(. != ""))) as $names
| ($res.events | map(.name)) as $have
| if any($names[]; . as $n | $have | index($n)) then
    error("an event of LAB_EVENTS is in the result already")
  else . end
# one region's value of one event: u, k, or their sum
| def value($reg; $n):
    ($n | ltrimstr("lab:")) as $e
    | if ($e | test(":[uk]$")) then $reg[$e]
      else $reg[$e + ":u"] + $reg[$e + ":k"] end;
  def geometry($n):
    ($n | ltrimstr("lab:") | split("-")[0]) as $lvl
    | "abstat-cache 1: \($lvl) \($model[$lvl]), \($model.line) B lines, \($model.replacement)";
  [range(0; $order | length) | { key: "\($order[.].b) \($order[.].i)", value: . }]
  | from_entries as $pos
| $res
| .events += [$names[] | {
    name: ., fstr: geometry(.), pmu: "lab-model", unit: "",
    type: 4294967295, config: 0, config1: 0, config2: 0,
    exclude_user: endswith(":k"), exclude_kernel: endswith(":u"),
    exclude_hv: true, exclude_idle: false, exclude_host: false,
    exclude_guest: true, pinned: false, inherit: false, group: 0,
    supported: true, counted: true, reason: null, modelled: true }]
| .benchmarks |= (to_entries | map(.key as $b | .value
    | .runs |= (to_entries | map(.key as $i | .value
        | $regions[$pos["\($b) \($i)"]] as $reg
        | ([.region_ns, .wall_ns, 1] | map(select(. != null and . > 0)) | .[0]) as $t
        | .counters += [$names[] | { value: value($reg; .), enabled_ns: $t,
                                     running_ns: $t }]))))
