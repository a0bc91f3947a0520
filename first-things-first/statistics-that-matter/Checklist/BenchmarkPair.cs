using LabStatistics;

namespace StatisticsThatMatter.Checklist;

/// <summary>A baseline and one candidate compared against it.</summary>
/// <param name="Report">The file both come from.</param>
/// <param name="Baseline">The reference benchmark.</param>
/// <param name="Candidate">The benchmark compared with it.</param>
/// <param name="Categories">The baseline's categories (for Micro/Macro detection and the output).</param>
public sealed record BenchmarkPair(BdnReport Report, BenchmarkEntry Baseline, BenchmarkEntry Candidate, IReadOnlyList<string> Categories)
{
    /// <summary>"Candidate vs Baseline [params]" for the output.</summary>
    public string Title =>
        $"{Candidate.Type}.{Candidate.Method} vs {Baseline.Method} (baseline)"
        + (Candidate.Parameters.Length > 0 ? $" [{Candidate.Parameters}]" : "")
        + (Categories.Count > 0 ? $" {{{string.Join(", ", Categories)}}}" : "");
}
