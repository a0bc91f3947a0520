using BenchmarkDotNet.Configs;
using BenchmarkDotNet.Jobs;
using BenchmarkDotNet.Toolchains.InProcess.Emit;

namespace MeasurementLab;

/// <summary>
/// <c>--inProcess</c> as a change to every job rather than one more job: a mutator job (BenchmarkDotNet applies those to
/// all the jobs of a run, the config's and the classes' attributes' alike) that sets the in-process toolchain. A run
/// that repeats a selection in fresh processes (<c>ab</c>) then pays no boilerplate build per process, and a class
/// with a job of its own runs that job, in-process, instead of both.
/// </summary>
public static class InProcessJobs
{
    /// <summary><paramref name="config"/> (BenchmarkDotNet's default when null) with every job run in-process.</summary>
    public static IConfig Everywhere(IConfig? config) =>
        ManualConfig.Union(config ?? DefaultConfig.Instance,
            ManualConfig.CreateEmpty().AddJob(new Job("InProcess").WithToolchain(InProcessEmitToolchain.Instance).AsMutator()));
}
