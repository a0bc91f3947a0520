using System.Globalization;

namespace MeasurementLab.Caches;

/// <summary>One CPU cache as sysfs describes it.</summary>
/// <param name="Level">1, 2, 3…</param>
/// <param name="Type">Data, Instruction or Unified.</param>
/// <param name="SizeBytes">Capacity in bytes.</param>
/// <param name="SharedCpuList">CPUs sharing this cache instance, e.g. "0-1".</param>
public sealed record CacheLevel(int Level, string Type, long SizeBytes, string SharedCpuList)
{
    /// <summary>"L1d", "L1i", "L2", "L3"…</summary>
    public string Name => Level == 1 ? (Type.StartsWith('I') ? "L1i" : "L1d") : $"L{Level}";

    /// <inheritdoc />
    public override string ToString() =>
        string.Create(CultureInfo.InvariantCulture, $"{Name} {CacheTopology.FormatBytes(SizeBytes)} (shared by CPUs {SharedCpuList})");
}
