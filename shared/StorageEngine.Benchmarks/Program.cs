using BenchmarkDotNet.Configs;
using BenchmarkDotNet.Jobs;
using MeasurementLab;
using StorageEngine.Benchmarks;

// The engine's speed targets (see README.md in shared/StorageEngine): dotnet run -c Release -- --filter '*'
// 3 warmups and 10 measured iterations: enough for a 99.9% CI narrow enough to judge 10% and 20% targets.
var config = DefaultConfig.Instance
    .AddJob(Job.Default.WithWarmupCount(3).WithIterationCount(10))
    .AddColumn(ThroughputColumn.Mean, ThroughputColumn.ConfidenceInterval);
return LabEntryPoint.Run(args, typeof(Program).Assembly, config, InsertLoopCommand.Command);
