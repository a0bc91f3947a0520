using MeasurementLab;
using WhyBenchmarksLie;

// Post 1, "Why Benchmarks Lie". No arguments: every benchmark of the post (Lazy, Narrow, Realistic, NoFlush, and
// the Zipfian extension). --filter '*WhyBenchmarksLie*': the post's two classes. "latency": the latency mode.
return LabEntryPoint.Run(args, typeof(Program).Assembly, config: null,
    new SubCommand("latency", "Realistic workload with per-insert and commit latency (HdrHistogram) and Little's law",
        RealisticLatency.Run, RealisticLatency.Usage));
