"""The generic SASS front-end (family sass) against the generated sm90-mma streams on the measured
matrix suite (validation/results/h200/matrix.csv, 4 shapes x every kernel): each one's error and their
difference. PYTHONPATH=. python benchmarks/sass_vs_generated.py (about 10 min on 2 cores)."""
import csv
import re

from gemmsim.hw import load_gpu
from gemmsim.frontends import registry
from gemmsim.problem import Problem
from gemmsim.simulate import predict_built
gpu = load_gpu("h200")
shapes = {(4096,4096,4096), (597,11008,4096), (10240,8192,2048), (512,512,2048)}
rows = [r for r in csv.DictReader(open("validation/results/h200/matrix.csv")) if r["status"]=="ok" and (int(r["M"]),int(r["N"]),int(r["K"])) in shapes]
out = []
for r in rows:
    sym = r["symbol"]; m,n,k = int(r["M"]),int(r["N"]),int(r["K"])
    mm = re.match(r"mma_preshuffle_m(\d+)n(\d+)k(\d+)_swz(\d)", sym)
    if not mm: continue
    tm,tn,tk,sw = map(int, mm.groups())
    S = f"validation/results/h200/sass/{sym}.sass"
    P = Problem(m,n,k,"bf16")
    kb = -(-k//32)*32//16
    g = registry.get("sm90-mma"); s = registry.get("sass")
    tg = predict_built(g.build(P, g.parse_config(None, {"tile":f"{tm}x{tn}x{tk}","swizzle":str(sw),"sass":S,"registers":r["regs_per_thread"]}), gpu), gpu).time_us
    ts = predict_built(s.build(P, s.parse_config(None, {"tile":f"{tm}x{tn}x{tk}","args":f"A:B:C:M:N:K:{kb}","sass":S,"registers":r["regs_per_thread"]}), gpu), gpu).time_us
    meas = float(r["kernel_time_us"])
    print(sym, m,n,k, meas, round(tg,2), round(ts,2), f"{(tg/meas-1)*100:+.1f} {(ts/meas-1)*100:+.1f} gen-vs-sass {(ts/tg-1)*100:+.1f}", flush=True)
