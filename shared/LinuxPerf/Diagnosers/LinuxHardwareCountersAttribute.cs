using BenchmarkDotNet.Configs;

namespace LinuxPerf.Diagnosers;

/// <summary>
/// Adds the Linux counters to a benchmark class: <c>[LinuxHardwareCounters]</c>. Inert on other systems
/// (on Windows use BenchmarkDotNet's own <c>[HardwareCounters]</c> with BenchmarkDotNet.Diagnostics.Windows).
/// </summary>
[AttributeUsage(AttributeTargets.Class | AttributeTargets.Assembly)]
public sealed class LinuxHardwareCountersAttribute : Attribute, IConfigSource
{
    /// <inheritdoc />
    public IConfig Config { get; } = ManualConfig.CreateEmpty().AddLinuxHardwareCounters();
}

/// <summary>Config extension for code that builds its config by hand.</summary>
public static class LinuxHardwareCountersConfigExtensions
{
    /// <summary>Adds the diagnoser and its status column.</summary>
    public static ManualConfig AddLinuxHardwareCounters(this ManualConfig config)
    {
        ArgumentNullException.ThrowIfNull(config);
        return config.AddDiagnoser(new LinuxPerfDiagnoser()).AddColumn(HardwareCounterStatusColumn.Instance);
    }
}
