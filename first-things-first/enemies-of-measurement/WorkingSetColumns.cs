using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Columns;
using BenchmarkDotNet.Reports;
using BenchmarkDotNet.Running;
using MeasurementLab.Caches;
using MeasurementLab;

namespace EnemiesOfMeasurement;

/// <summary>Adds E4's "Lookup path" and "Lands in" columns (a column-only config: no job, no diagnoser).</summary>
[AttributeUsage(AttributeTargets.Class)]
public sealed class WorkingSetColumnsAttribute : ColumnConfigBaseAttribute
{
    /// <summary>Both working-set columns.</summary>
    public WorkingSetColumnsAttribute()
        : base(new WorkingSetColumn(showLevel: false), new WorkingSetColumn(showLevel: true))
    {
    }
}

/// <summary>
/// For a benchmark with a TableSize parameter: the estimated lookup path (<see cref="WorkingSetEstimate"/>) or the
/// cache level of this machine it should land in. Computed in the host from the best cache source
/// (<see cref="CacheSources"/>: FTF_CACHES_JSON, or a quick sweep), next to the times it explains.
/// </summary>
public sealed class WorkingSetColumn(bool showLevel) : IColumn
{
    /// <summary>Name of the parameter the column reads.</summary>
    public const string ParameterName = nameof(E4_CacheState.TableSize);

    private static readonly Lazy<CacheTopology> Caches = new(() => CacheSources.ForThisRun().Best);

    /// <inheritdoc />
    public string Id => showLevel ? "Enemies.WorkingSet.Level" : "Enemies.WorkingSet.Size";

    /// <inheritdoc />
    public string ColumnName => showLevel ? "Lands in" : "Lookup path";

    /// <inheritdoc />
    public bool AlwaysShow => true;

    /// <inheritdoc />
    public ColumnCategory Category => ColumnCategory.Params;

    /// <inheritdoc />
    public int PriorityInCategory => 10;

    /// <inheritdoc />
    public bool IsNumeric => false;

    /// <inheritdoc />
    public UnitType UnitType => UnitType.Dimensionless;

    /// <inheritdoc />
    public string Legend => showLevel
        ? "Cache level of this machine (sysfs if it agrees with the latency sweep, else the sweep) that should hold the lookup path"
        : "Estimated bytes a random Get touches: bucket array + dictionary nodes (rows and payloads excluded)";

    /// <inheritdoc />
    public string GetValue(Summary summary, BenchmarkCase benchmarkCase) => GetValue(summary, benchmarkCase, summary.Style);

    /// <inheritdoc />
    public string GetValue(Summary summary, BenchmarkCase benchmarkCase, SummaryStyle style)
    {
        ArgumentNullException.ThrowIfNull(benchmarkCase);
        if (benchmarkCase.Parameters[ParameterName] is not int entries)
        {
            return "-";
        }

        var estimate = new WorkingSetEstimate(entries);
        return showLevel ? estimate.LookupPathLevel(Caches.Value) : estimate.LookupPathText;
    }

    /// <inheritdoc />
    public bool IsDefault(Summary summary, BenchmarkCase benchmarkCase) => false;

    /// <inheritdoc />
    public bool IsAvailable(Summary summary) => true;

    /// <inheritdoc />
    public override string ToString() => ColumnName;
}
