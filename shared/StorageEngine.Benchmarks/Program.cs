using BenchmarkDotNet.Configs;
using BenchmarkDotNet.Jobs;
using Perfolizer.Horology;
using MeasurementLab;
using StorageEngine.Benchmarks;

// The engine's speed targets (see README.md in shared/StorageEngine): dotnet run -c Release -- --filter '*'
// 3 warmups and 10 measured iterations: enough for a 99.9% CI narrow enough to judge 10% and 20% targets. Iterations
// of ~250 ms apply to WrapperOverhead only (the other classes run one batch per iteration): half the default, which
// keeps the full profile of every post within 30 minutes.
var config = DefaultConfig.Instance
    .AddJob(Job.Default.WithWarmupCount(3).WithIterationCount(10).WithIterationTime(TimeInterval.FromMilliseconds(250)))
    .AddColumn(ThroughputColumn.Mean, ThroughputColumn.ConfidenceInterval);
return LabEntryPoint.Run(args, typeof(Program).Assembly, config, InsertLoopCommand.Command);
