using System.Text.RegularExpressions;
using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Filters;
using BenchmarkDotNet.Running;
using FluentAssertions;
using WhyBenchmarksLie;

namespace WhyBenchmarksLie.Tests;

/// <summary>
/// The quick profile of lab-run.sh keeps the post's two classes at the two ends of every verdict and at 2 threads (the
/// most that run at once on 2 CPUs) by filtering on ThreadCount. BenchmarkDotNet
/// matches that glob against the case's full name, whose parameter order follows the declarations, so a refactor
/// can silently make the filter match nothing (it did once); this checks the script's own patterns.
/// </summary>
public sealed class QuickProfileFilterTests
{
    private static readonly string Hook = Path.Combine(Bash.RepoRoot, "first-things-first", "why-benchmarks-lie", "lab-run.sh");

    [Fact]
    public void The_quick_filter_keeps_the_posts_benchmarks_at_the_fewest_two_and_the_most_threads_only()
    {
        var filter = new GlobFilter(QuickPatterns());
        var all = typeof(Scenario).Assembly.GetTypes()
            .Where(t => t is { IsClass: true, IsAbstract: false } && t.GetMethods().Any(m => m.IsDefined(typeof(BenchmarkAttribute), false)))
            .SelectMany(t => BenchmarkConverter.TypeToBenchmarks(t).BenchmarksCases)
            .ToList();
        all.Should().NotBeEmpty();

        var kept = all.Where(filter.Predicate).ToList();

        int[] threads = [Scenario.ThreadCounts.Min(), 2, Scenario.ThreadCounts.Max()];
        kept.Select(ThreadCount).Distinct().Should().BeEquivalentTo(threads);
        var expected = all.Where(c => c.Descriptor.Type != typeof(ZipfianExtension) && threads.Contains(ThreadCount(c))).Select(c => c.DisplayInfo);
        kept.Select(c => c.DisplayInfo).Should().BeEquivalentTo(expected, "every benchmark of the post and backend keeps both ends and 2 threads");
    }

    private static int ThreadCount(BenchmarkDotNet.Running.BenchmarkCase c) =>
        (int)c.Parameters.Items.Single(p => p.Name == "ThreadCount").Value;

    private static string[] QuickPatterns()
    {
        string line = File.ReadLines(Hook).Single(l => l.TrimStart().StartsWith("quick) FILTER=", StringComparison.Ordinal));
        var patterns = Regex.Matches(line, "'([^']*)'").Select(m => m.Groups[1].Value).ToArray();
        patterns.Should().NotBeEmpty("the quick profile's FILTER line holds single-quoted globs: " + line);
        return patterns;
    }
}
