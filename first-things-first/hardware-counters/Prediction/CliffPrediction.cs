using MeasurementLab.Caches;
using MeasurementLab;

namespace HardwareCounters.Prediction;

/// <summary>Where one size's working sets should live.</summary>
/// <param name="SequentialBytes">long[]: 8N bytes.</param>
/// <param name="RandomBytes">long[] + int[]: 12N bytes.</param>
/// <param name="SequentialLevel">"L1d", "L2", "L3", "DRAM", or "unknown".</param>
/// <param name="RandomLevel">Same for SumRandom.</param>
/// <param name="RandomNearCapacity">True when SumRandom's working set fills most of its level (it may spill early).</param>
public sealed record WorkingSetPrediction(int N, long SequentialBytes, long RandomBytes, string SequentialLevel, string RandomLevel, bool RandomNearCapacity);

/// <summary>The prediction: levels per size and between which two sizes the Random/Sequential ratio should jump.</summary>
/// <param name="Sizes">Ascending N.</param>
/// <param name="CliffIndex">i ≥ 1 when the ratio should jump between Sizes[i−1] and Sizes[i]; null when no size crosses the last-level cache.</param>
/// <param name="Caches">The cache sizes the prediction used (text).</param>
/// <param name="LastLevel">The outermost cache, or null when no source knew it.</param>
/// <param name="LastLevelInstances">Separate last-level caches on the machine.</param>
public sealed record CliffPrediction(IReadOnlyList<WorkingSetPrediction> Sizes, int? CliffIndex, string Caches, CacheLevel? LastLevel, int LastLevelInstances)
{
    /// <summary>False when the machine did not describe its caches: nothing can be predicted.</summary>
    public bool CachesKnown => LastLevel is not null;

    /// <summary>Where the sizes came from: "sysfs", "cpuid" or "measured".</summary>
    public string Source { get; init; } = CacheTopology.SysfsSource;
}
