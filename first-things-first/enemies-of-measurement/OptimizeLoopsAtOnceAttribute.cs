using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Jobs;

namespace EnemiesOfMeasurement;

/// <summary>
/// Runs the class's benchmark processes with <c>DOTNET_TC_QuickJitForLoops=0</c>: a method with a loop is compiled
/// optimized at its first call instead of starting at Tier-0 and waiting for on-stack replacement and promotion.
/// That is the runtime the post's footnote describes (".NET Core 3.0: methods containing loops go straight to
/// Tier-1"), and it makes E1's and E6's code sizes deterministic: without it, whether a short round's process ends
/// with the Tier-0 or the optimized listing depends on how many calls it made before the tiering delay expired,
/// which the machine's speed decides. A job mutator, so it applies to the jobs the command line builds.
/// </summary>
[AttributeUsage(AttributeTargets.Class)]
public sealed class OptimizeLoopsAtOnceAttribute : JobMutatorConfigBaseAttribute
{
    /// <summary>The runtime knob, and the value that turns quick JIT off for methods with loops.</summary>
    public const string Variable = "DOTNET_TC_QuickJitForLoops";

    public OptimizeLoopsAtOnceAttribute()
        : base(new Job().WithEnvironmentVariable(Variable, "0"))
    {
    }
}
