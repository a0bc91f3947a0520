using MeasurementLab;
using WhyBenchmarksLie.Latency;

// Post 1, "Why Benchmarks Lie". No arguments: every benchmark of the post (Lazy, Narrow, Realistic, NoFlush, and
// the Zipfian extension). --filter '*WhyBenchmarksLie*': the post's two classes. "latency": the latency mode.
return LabEntryPoint.Run(args, Program.Definition);

/// <summary>The post's program, also what the tests run.</summary>
public partial class Program
{
    internal static LabProgram Definition { get; } = new(typeof(Program).Assembly, [LatencyCommand.Command]);
}
