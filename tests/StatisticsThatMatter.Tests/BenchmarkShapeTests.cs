using BenchmarkDotNet.Columns;
using BenchmarkDotNet.Running;
using MeasurementLab;

namespace StatisticsThatMatter.Tests;

// The post's names, sizes, seeds and data shapes, and that each pair's two variants compute the same answer
// (a faster variant that computes something else would be a benchmark bug, not a speedup).
public class BenchmarkShapeTests
{
    [Fact]
    public void Noisy_comparison_data_is_about_95_percent_positive_within_plus_minus_999()
    {
        int[] data = NoisyComparison.CreateData(200_000, LabSeed.Value);
        data.Should().OnlyContain(v => v != 0 && v >= -999 && v <= 999);
        (data.Count(v => v > 0) / (double)data.Length).Should().BeInRange(0.945, 0.955);
        data.Should().Contain(999).And.Contain(1).And.Contain(-999).And.Contain(-1);
        NoisyComparison.CreateData(1_000, LabSeed.Value).Should().Equal(data.Take(1_000), "the seed fixes the data");
    }

    [Fact]
    public void Both_filters_sum_the_positive_values()
    {
        var bench = new NoisyComparison { N = 100_000 };
        bench.Setup();
        long expected = NoisyComparison.CreateData(100_000, LabSeed.Value).Where(v => v > 0).Sum(v => (long)v);
        bench.FilterBranch().Should().Be(expected);
        bench.FilterTernary().Should().Be(expected);
    }

    [Fact]
    public void Effect_size_pairs_agree_and_search_data_is_sorted_and_distinct()
    {
        var bench = new EffectSizeDemo { N = 20_000 };
        bench.Setup();
        bench.SumSpan().Should().Be(bench.SumArray());
        bench.SearchBinary().Should().Be(bench.SearchLinear());

        var (sorted, keys) = EffectSizeDemo.CreateSearchData(20_000, EffectSizeDemo.SearchKeyCount, LabSeed.Value);
        sorted.Zip(sorted.Skip(1)).Should().OnlyContain(p => p.First < p.Second);
        keys.Should().HaveCount(1_000).And.OnlyContain(k => Array.BinarySearch(sorted, k) >= 0);
        EffectSizeDemo.LinearIndexOf(sorted, sorted[^1] + 1).Should().Be(-1);
        EffectSizeDemo.BinaryIndexOf(sorted, sorted[^1] + 1).Should().Be(-1);
    }

    [Fact]
    public void Micro_and_macro_variants_agree_and_half_the_keys_hit()
    {
        var bench = new MicroVsMacro();
        bench.Setup();
        bench.LookupLinear().Should().Be(MicroVsMacro.SearchKeyCount / 2);
        bench.LookupDictionary().Should().Be(bench.LookupLinear());
        bench.PipelineDictionary().Should().Be(bench.PipelineLinear(), "only the lookup strategy differs");

        var (data, keys) = MicroVsMacro.CreateLookupData(LabSeed.Value);
        data.Should().HaveCount(10_000).And.OnlyHaveUniqueItems();
        keys.Should().HaveCount(200);
        int[] workload = MicroVsMacro.CreateWorkload(100_000, LabSeed.Value);
        (workload.Count(v => v < 0) / (double)workload.Length).Should().BeInRange(0.008, 0.012);
    }

    [Theory]
    [InlineData(typeof(NoisyComparison), "FilterBranch", "FilterTernary")]
    [InlineData(typeof(EffectSizeDemo), "SumArray,SearchLinear", "SumSpan,SearchBinary")]
    [InlineData(typeof(MicroVsMacro), "LookupLinear,PipelineLinear", "LookupDictionary,PipelineDictionary")]
    public void Classes_run_the_posts_job_with_its_baselines(Type type, string baselines, string candidates)
    {
        var run = BenchmarkConverter.TypeToBenchmarks(type);
        var cases = run.BenchmarksCases;
        cases.Should().OnlyContain(c => c.Job.Run.WarmupCount == 5 && c.Job.Run.IterationCount == 20, "[PostJob]: 5 warmups, 20 iterations");
        cases.Where(c => c.Descriptor.Baseline).Select(c => c.Descriptor.WorkloadMethod.Name).Should().BeEquivalentTo(baselines.Split(','));
        cases.Where(c => !c.Descriptor.Baseline).Select(c => c.Descriptor.WorkloadMethod.Name).Should().BeEquivalentTo(candidates.Split(','));
        run.Config.GetExporters().OfType<AnnotatedJsonExporter>().Should().ContainSingle("the check command reads its JSON");
        type.GetCustomAttributes(typeof(ChecklistReportAttribute), inherit: false).Should().ContainSingle();
    }

    [Fact]
    public void The_statistical_test_column_uses_the_checklists_threshold_and_alpha()
    {
        var column = ChecklistReportAttribute.SesoiTestColumn;
        column.ColumnName.Should().Be("MannWhitney(5%)");
        ((double)column.SignificanceLevel).Should().Be(0.001);
    }

    [Fact]
    public void Parameters_and_categories_are_the_posts()
    {
        var noisy = BenchmarkConverter.TypeToBenchmarks(typeof(NoisyComparison)).BenchmarksCases;
        noisy.Should().OnlyContain(c => c.Parameters["N"].Equals(20_000_000));
        var effect = BenchmarkConverter.TypeToBenchmarks(typeof(EffectSizeDemo)).BenchmarksCases;
        effect.Should().OnlyContain(c => c.Parameters["N"].Equals(1_000_000));
        effect.Single(c => c.Descriptor.WorkloadMethod.Name == "SumSpan").Descriptor.Categories.Should().Equal("SmallEffect");
        effect.Single(c => c.Descriptor.WorkloadMethod.Name == "SearchBinary").Descriptor.Categories.Should().Equal("LargeEffect");
        var micro = BenchmarkConverter.TypeToBenchmarks(typeof(MicroVsMacro)).BenchmarksCases;
        micro.Single(c => c.Descriptor.WorkloadMethod.Name == "PipelineDictionary").Descriptor.Categories.Should().Equal("Macro");
        micro.Single(c => c.Descriptor.WorkloadMethod.Name == "LookupDictionary").Descriptor.Categories.Should().Equal("Micro");
    }
}
