# count-merge.jq: count-merge.sh's work, jq -n with $r (the result) and
# $c (the instruction counter's lines). See count-merge.sh.
($r[0]) as $res
| ($c | map(select(has("counter"))) | .[0]
   // error("no counter line (not a file of lab/plugin/count.c)")) as $head
| ($c | map(select(has("mark")))) as $marks
| if ($marks | length) < 2 then
    error("\($marks | length) marks, expected 2 (tests/progs/lab_mark before and after abstat run)")
  else . end
| ($c | map(select(has("region") and .region > $marks[0].regions
                   and .region <= $marks[1].regions))) as $regions
| if any($res.benchmarks[]; (.copies // 1) > 1) then
    error("copies: the counter counts the task that opened a region; run one copy (LAB_A_COPIES=1)")
  else . end
| ([$res.benchmarks | to_entries[] | .key as $b | .value.runs | to_entries[]
    | { b: $b, i: .key, start: .value.start_ns }] | sort_by(.start)) as $order
| if ($order | length) != ($regions | length) then
    error("\($regions | length) measured regions between the marks, \($order | length) runs (one region a run: a run that failed, or a program with several regions?)")
  else . end
| ["instructions", "instructions:u", "instructions:k"] as $names
| if any($res.events[]; .name as $n | $names | index($n)) then
    error("the result has an instructions event already (the guest's abstat run counts task-clock only on x86_64)")
  else . end
| def value($reg; $n):
    if $n == "instructions" then $reg["instructions:u"] + $reg["instructions:k"]
    else $reg[$n] end;
  ("\($head.counter): counted by the emulator (QEMU TCG, lab/plugin/count.c), "
   + (if all($regions[]; .per == "task") then "the region's task" else "the region's vCPU" end)) as $fstr
| [range(0; $order | length) | { key: "\($order[.].b) \($order[.].i)", value: . }]
  | from_entries as $pos
| $res
| .env.lab_counter = $fstr
| .events += [$names[] | {
    name: ., fstr: $fstr, pmu: "lab-emulator", unit: "",
    type: 4294967295, config: 0, config1: 0, config2: 0,
    exclude_user: endswith(":k"), exclude_kernel: endswith(":u"),
    exclude_hv: true, exclude_idle: false, exclude_host: false,
    exclude_guest: true, pinned: false, inherit: false, group: 0,
    supported: true, counted: true, reason: null, emulated: true }]
| .benchmarks |= (to_entries | map(.key as $b | .value
    | .runs |= (to_entries | map(.key as $i | .value
        | $regions[$pos["\($b) \($i)"]] as $reg
        | ([.region_ns, .wall_ns, 1] | map(select(. != null and . > 0)) | .[0]) as $t
        | .counters += [$names[] | { value: value($reg; .), enabled_ns: $t,
                                     running_ns: $t }]))))
