using System.Reflection;
using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Running;
using FluentAssertions;
using LabReport;
using LabRounds;
using Xunit;

namespace LabReport.Tests;

/// <summary>
/// Every benchmark case a claim reads (its claims.json "cases") is a benchmark of its post: renaming a class, a method
/// or a parameter value that a claim reads fails the test case that names the claim.
/// </summary>
public sealed class ClaimCasesTests
{
    // Each post's program, by a type of it the compiler checks.
    private static readonly Dictionary<string, Assembly> Programs = new(StringComparer.Ordinal)
    {
        ["hand-rolled-harness"] = typeof(HandRolledHarness.MathBenchmarks).Assembly,
        ["engine"] = typeof(StorageEngine.Benchmarks.WrapperOverhead).Assembly,
        ["why-benchmarks-lie"] = typeof(WhyBenchmarksLie.WhyBenchmarksLieBenchmark).Assembly,
        ["enemies-of-measurement"] = typeof(EnemiesOfMeasurement.E1_JitWarmup).Assembly,
        ["coordinated-omission"] = Assembly.Load("CoordinatedOmission"), // a simulation, no benchmark: no type to name
        ["statistics-that-matter"] = typeof(StatisticsThatMatter.NoisyComparison).Assembly,
        ["hardware-counters"] = typeof(HardwareCounters.AccessPatterns).Assembly,
    };

    private static readonly PublishedNumbers Numbers = PublishedNumbers.LoadDefault();

    /// <summary>(post, claim, case) for every benchmark case of every claim.</summary>
    public static TheoryData<string, string, string> BenchmarkCases()
    {
        var data = new TheoryData<string, string, string>();
        foreach (var post in Numbers.Posts)
        {
            foreach (var claim in post.Claims)
            {
                foreach (var spec in claim.Cases.Where(c => c.IsBenchmark))
                {
                    data.Add(post.Post, claim.Id, spec.Text);
                }
            }
        }

        return data;
    }

    [Theory]
    [MemberData(nameof(BenchmarkCases))]
    public void A_case_a_claim_reads_is_a_benchmark_of_its_post(string post, string claim, string spec)
    {
        var parsed = CaseSpec.Parse(spec);
        var cases = Cases(post);
        cases.Where(c => parsed.Matches(c.Class, c.Method, c.Parameters)).Should().NotBeEmpty(
            $"claim '{claim}' of {post} reads '{spec}', which must name a benchmark of the post (its classes: {string.Join(", ", cases.Select(c => c.Class).Distinct())})");
    }

    [Fact]
    public void Every_post_has_a_program_and_every_claim_says_what_it_reads()
    {
        Numbers.Posts.Select(p => p.Post).Should().BeEquivalentTo(Programs.Keys);
        var silent = Numbers.Posts.SelectMany(p => p.Claims.Where(c => c.Kind != "info" && c.Cases.Count == 0).Select(c => $"{p.Post}/{c.Id}"));
        silent.Should().BeEmpty("a judged claim names the cases or steps it reads (claims.json \"cases\")");
    }

    [Fact]
    public void A_renamed_benchmark_is_caught()
    {
        var cases = Cases("why-benchmarks-lie");
        var renamed = CaseSpec.Parse("WhyBenchmarksLieBenchmark.InsertNarrowRenamed(Backend=Striped&ThreadCount=32)");
        var changedValue = CaseSpec.Parse("WhyBenchmarksLieBenchmark.InsertNarrow(Backend=Striped&ThreadCount=33)");
        var real = CaseSpec.Parse("WhyBenchmarksLieBenchmark.InsertNarrow(Backend=Striped&ThreadCount=32)");
        cases.Should().NotContain(c => renamed.Matches(c.Class, c.Method, c.Parameters));
        cases.Should().NotContain(c => changedValue.Matches(c.Class, c.Method, c.Parameters));
        cases.Should().Contain(c => real.Matches(c.Class, c.Method, c.Parameters));
    }

    private static readonly Dictionary<string, IReadOnlyList<(string Class, string Method, IReadOnlyDictionary<string, string> Parameters)>> Known = [];

    // Every benchmark case of a post's program as BenchmarkDotNet builds them (parameter values included).
    private static IReadOnlyList<(string Class, string Method, IReadOnlyDictionary<string, string> Parameters)> Cases(string post)
    {
        lock (Known)
        {
            if (!Known.TryGetValue(post, out var cases))
            {
                Known[post] = cases = [.. Programs[post].GetTypes()
                    .Where(t => t is { IsClass: true, IsAbstract: false, IsPublic: true } && t.GetMethods().Any(m => m.GetCustomAttribute<BenchmarkAttribute>() is not null))
                    .SelectMany(t => BenchmarkConverter.TypeToBenchmarks(t).BenchmarksCases)
                    .Select(c => (c.Descriptor.Type.Name, c.Descriptor.WorkloadMethod.Name,
                        (IReadOnlyDictionary<string, string>)c.Parameters.Items.ToDictionary(p => p.Name, p => CaseSpec.ValueText(p.Value), StringComparer.Ordinal)))];
            }

            return cases;
        }
    }
}
