using HardwareCounters.Prediction;
using HardwareCounters.Standalone;
using MeasurementLab.Caches;
using MeasurementLab;

// Post 5, "Hardware Counters". Benchmarks: AccessPatterns. Modes: perf-sequential, perf-random (for perf), predict,
// caches (every cache source side by side, the latency sweep).
// The prediction is made, and printed, before the run; PredictionExporter checks it against the ratios afterwards.
return LabEntryPoint.Run(args, Program.Definition);

/// <summary>The post's program, also what the tests run.</summary>
public partial class Program
{
    internal static LabProgram Definition { get; } =
        new(typeof(Program).Assembly, [StandaloneCommand.SequentialCommand, StandaloneCommand.RandomCommand, PredictCommand.Command, CachesCommand.Command])
        {
            Banner = PredictCommand.Banner,
        };
}
