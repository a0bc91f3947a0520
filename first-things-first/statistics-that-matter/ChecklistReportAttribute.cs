using BenchmarkDotNet.Columns;
using BenchmarkDotNet.Configs;
using LabStatistics;
using Perfolizer.Mathematics.Common;
using StatisticsThatMatter.Checklist;

namespace StatisticsThatMatter;

/// <summary>
/// Puts a benchmark class under the checklist: exports the annotated full JSON the check command reads, and adds
/// BenchmarkDotNet's own statistical test column with the checklist's SESOI and significance level
/// (<c>MannWhitney(5%)</c>: a Mann-Whitney-based equivalence test, threshold 5%, alpha 0.001; it says Faster/Slower
/// only when the difference is significantly beyond 5%, Same otherwise — the same question as the checklist's verdict).
/// </summary>
[AttributeUsage(AttributeTargets.Class)]
public sealed class ChecklistReportAttribute : Attribute, IConfigSource
{
    /// <summary>BenchmarkDotNet's statistical test column at the checklist's SESOI and alpha.</summary>
    internal static StatisticalTestColumn SesoiTestColumn { get; } =
        StatisticalTestColumn.Create(ChecklistDefaults.SesoiText, new SignificanceLevel(ChecklistDefaults.Alpha));

    /// <inheritdoc />
    public IConfig Config { get; } = ManualConfig.CreateEmpty()
        .AddExporter(new AnnotatedJsonExporter())
        .AddColumn(SesoiTestColumn);
}
