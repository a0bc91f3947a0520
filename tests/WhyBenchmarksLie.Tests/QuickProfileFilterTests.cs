using System.Text.RegularExpressions;
using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Filters;
using BenchmarkDotNet.Running;
using FluentAssertions;
using WhyBenchmarksLie;

namespace WhyBenchmarksLie.Tests;

/// <summary>
/// The quick profile of lab-run.sh keeps the cases the claims read by filtering on method and ThreadCount. BenchmarkDotNet
/// matches that glob against the case's full name, whose parameter order follows the declarations, so a refactor
/// can silently make the filter match nothing (it did once); this checks the script's own patterns.
/// </summary>
public sealed class QuickProfileFilterTests
{
    private static readonly string Hook = Path.Combine(Bash.RepoRoot, "first-things-first", "why-benchmarks-lie", "lab-run.sh");

    [Fact]
    public void The_quick_filter_keeps_exactly_the_cases_the_claims_read()
    {
        var filter = new GlobFilter(QuickPatterns());
        var all = typeof(Scenario).Assembly.GetTypes()
            .Where(t => t is { IsClass: true, IsAbstract: false } && t.GetMethods().Any(m => m.IsDefined(typeof(BenchmarkAttribute), false)))
            .SelectMany(t => BenchmarkConverter.TypeToBenchmarks(t).BenchmarksCases)
            .ToList();
        all.Should().NotBeEmpty();

        var kept = all.Where(filter.Predicate).Select(c => $"{c.Descriptor.WorkloadMethod.Name} {ThreadCount(c)} {c.Parameters["Backend"]}").ToList();

        // The claims (shared/LabReport/Sections/WhyBenchmarksLieSection.cs): Narrow and Realistic at 1, 2 (the smallest
        // count that runs two threads at once on 2 CPUs) and 32 threads, NoFlush at 32, Lazy at 1 and 32.
        (string Method, int[] Threads)[] read =
        [
            ("InsertNarrow", [1, 2, 32]), ("InsertRealistic", [1, 2, 32]), ("InsertRealisticNoFlush", [32]), ("InsertSequential", [1, 32]),
        ];
        var expected = read.SelectMany(r => r.Threads.SelectMany(t => new[] { $"{r.Method} {t} Lock", $"{r.Method} {t} Striped" }));
        kept.Should().BeEquivalentTo(expected);
    }

    private static int ThreadCount(BenchmarkDotNet.Running.BenchmarkCase c) =>
        (int)c.Parameters.Items.Single(p => p.Name == "ThreadCount").Value;

    // The single-quoted globs of the quick profile's FILTER, from "quick) FILTER=(" to the BDN line after it.
    private static string[] QuickPatterns()
    {
        var lines = File.ReadLines(Hook).SkipWhile(l => !l.TrimStart().StartsWith("quick) FILTER=", StringComparison.Ordinal))
            .TakeWhile(l => !l.TrimStart().StartsWith("BDN=", StringComparison.Ordinal));
        var patterns = lines.SelectMany(l => Regex.Matches(l, "'([^']*)'").Select(m => m.Groups[1].Value)).ToArray();
        patterns.Should().NotBeEmpty("the quick profile's FILTER holds single-quoted globs");
        return patterns;
    }
}
