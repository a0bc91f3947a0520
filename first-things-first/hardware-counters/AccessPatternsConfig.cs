using BenchmarkDotNet.Configs;
using BenchmarkDotNet.Diagnosers;
using HardwareCounters.Prediction;

namespace HardwareCounters;

/// <summary>
/// What AccessPatterns adds to BenchmarkDotNet's defaults: the cache prediction and its check after the run and,
/// on Windows, BenchmarkDotNet's own ETW hardware counters (the Linux counters come from [LinuxHardwareCounters]).
/// </summary>
public sealed class AccessPatternsConfig : ManualConfig
{
    /// <summary>
    /// The Windows counters: the four BenchmarkDotNet turns into IPC and miss columns. Windows lets ETW use only a
    /// few PMU counters at once, so this is the post's set minus the L1/LLC pairs.
    /// </summary>
    public static IReadOnlyList<HardwareCounter> WindowsCounters { get; } =
    [
        HardwareCounter.TotalCycles,
        HardwareCounter.InstructionRetired,
        HardwareCounter.CacheMisses,
        HardwareCounter.BranchMispredictions,
    ];

    public AccessPatternsConfig()
    {
        AddExporter(new PredictionExporter());
        if (OperatingSystem.IsWindows())
        {
            // Resolved at run time from BenchmarkDotNet.Diagnostics.Windows, which the project references only when
            // built on Windows (see the README for the version caveat: the registry here serves only 0.12.1).
            AddHardwareCounters([.. WindowsCounters]);
        }
    }
}
