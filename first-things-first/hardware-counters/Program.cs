using HardwareCounters;
using HardwareCounters.Prediction;
using HardwareCounters.Standalone;
using MeasurementLab;

// Post 5, "Hardware Counters". Benchmarks: AccessPatterns. Modes: perf-sequential, perf-random (for perf), predict.
SubCommand[] modes = [StandaloneRunner.SequentialCommand, StandaloneRunner.RandomCommand, PredictCommand.Command];

// The prediction is made, and printed, before the run; PredictionExporter checks it against the ratios afterwards.
if (PredictCommand.WillRunBenchmarks(args, modes))
{
    Console.Out.WriteLine(PredictCommand.Text(CacheTopology.Read(), AccessPatterns.Sizes));
}

return LabEntryPoint.Run(args, typeof(Program).Assembly, config: null, modes);
