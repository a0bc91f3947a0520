using HandRolledHarness;
using HandRolledHarness.Comparison;
using MeasurementLab;

// The prologue: Sestoft's hand-rolled harness. "mark 0".."mark 8": the note's steps. No arguments or --filter:
// the same functions as BenchmarkDotNet benchmarks (MathBenchmarks, BinarySearchBenchmarks, SortBenchmarks).
// "compare": a run's Mark8 results next to BenchmarkDotNet's.
return LabEntryPoint.Run(args, typeof(Program).Assembly, config: null, MarkCommand.Command, ComparisonCommand.Command);
