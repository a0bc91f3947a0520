using MeasurementLab;
using StatisticsThatMatter.Checklist;

// Post 4, "Statistics That Matter": the three benchmark classes (NoisyComparison, EffectSizeDemo, MicroVsMacro)
// run through BenchmarkDotNet; `check` applies the post's checklist to the JSON reports they write.
return LabEntryPoint.Run(args, Program.Definition);

/// <summary>The post's program, also what the tests run.</summary>
public partial class Program
{
    internal static LabProgram Definition { get; } = new(typeof(Program).Assembly, [CheckCommand.Create()]);
}
