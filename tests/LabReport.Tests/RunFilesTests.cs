using LabReport.RunFiles;
using MeasurementLab;

namespace LabReport.Tests;

public class RunFilesTests
{
    [Theory]
    [InlineData("702.0 ns", 702.0)]
    [InlineData("1,234.5 μs", 1_234_500.0)]
    [InlineData("1,234.5 µs", 1_234_500.0)]
    [InlineData("11.574 ms", 11_574_000.0)]
    [InlineData("2 s", 2e9)]
    public void Times_with_units(string text, double ns) => Quantity.TimeNs(text).Should().BeApproximately(ns, 1e-6);

    [Theory]
    [InlineData("NA")]
    [InlineData("-")]
    [InlineData("")]
    [InlineData("12 parsecs")]
    public void Not_a_time(string text) => Quantity.TimeNs(text).Should().BeNull();

    [Theory]
    [InlineData("1.42M", 1.42e6)]
    [InlineData("210.4K", 210_400)]
    [InlineData("∞", double.PositiveInfinity)]
    public void Rates(string text, double perSecond) => Quantity.Rate(text).Should().Be(perSecond);

    [Fact]
    public void Benchmark_tables_lose_bold_markers_and_group_separators()
    {
        const string text = """
            ```
            IterationCount=3
            ```
            | Method | Backend | ThreadCount | Lands in | Mean | Error | StdDev |
            |------- |-------- |------------ |--------- |-----:|------:|-------:|
            | **InsertNarrow** | **Lock** | **1** | **L2** | **15.92 ns** | **0.902 ns** | **0.049 ns** |
            |        |         |             |          |      |       |        |
            | InsertRealistic | Lock | 1 | L3 | 732.32 ns | 554.585 ns | 30.399 ns |
            """;
        var table = MarkdownTable.ParseAll(text).Single();
        table.Rows.Should().HaveCount(2);
        table.Cell(table.Rows[0], "Method").Should().Be("InsertNarrow");
        table.Cell(table.Rows[1], "Mean").Should().Be("732.32 ns");
    }

    [Fact]
    public void A_folder_reads_json_values_before_table_means()
    {
        var set = BenchmarkSet.Load(Path.Combine(RunFixture.FixturesRoot, "full", "statistics-that-matter"));
        var branch = set.Find("NoisyComparison", "FilterBranch");
        branch.Should().NotBeNull();
        branch!.Values.Should().HaveCount(20, "the annotated JSON holds the 20 measured iterations");
        branch.Parameter("N").Should().Be("20000000");
        branch.Column("Ratio").Should().NotBeNull("custom columns still come from the markdown table");
    }

    [Fact]
    public void A_benchmark_with_a_description_is_one_result_with_its_raw_iterations()
    {
        // SortBenchmarks names its methods in the table by [Benchmark(Description = "quicksort")] (method Quicksort):
        // the JSON's iterations must join the table's row, not stand beside it as a second benchmark.
        var set = BenchmarkSet.Load(Path.Combine(RunFixture.FixturesRoot, "titled", "hand-rolled-harness"));
        set.Results.Should().HaveCount(6, "three sorts at two sizes");
        set.Results.Select(r => r.Method).Distinct().Should().BeEquivalentTo("selection_sort", "quicksort", "heapsort");
        var quicksort = set.Find("SortBenchmarks", "quicksort", ("Size", "12800"));
        quicksort.Should().NotBeNull();
        quicksort!.Values.Should().HaveCount(10, "the full JSON holds the 10 measured iterations");
        quicksort.Column("Allocated").Should().Be("-", "the table's columns stay with the result");
    }

    [Fact]
    public void Table_parameters_exclude_descriptive_columns_and_read_the_iteration_count()
    {
        var set = BenchmarkSet.Load(Path.Combine(RunFixture.FixturesRoot, "full", "enemies-of-measurement"));
        var e4 = set.Find("E4_CacheState", "LookupRandom", ("TableSize", "10000"));
        e4.Should().NotBeNull();
        e4!.Parameters.Keys.Should().Equal("TableSize");
        var narrow = BenchmarkSet.Load(Path.Combine(RunFixture.FixturesRoot, "full", "why-benchmarks-lie"))
            .Find("WhyBenchmarksLieBenchmark", "InsertNarrow", ("Backend", "Lock"), ("ThreadCount", "32"));
        narrow!.Iterations.Should().Be(3);
        narrow.Column("PeakConc").Should().Be("3");
    }

    [Fact]
    public void Hgrm_percentiles()
    {
        var hgrm = Hgrm.Load(Path.Combine(RunFixture.FixturesRoot, "full", "coordinated-omission", "closed-loop.hgrm"));
        hgrm.TotalCount.Should().Be(13_500);
        hgrm.At(0.5).Should().BeApproximately(1.010, 1e-9);
        hgrm.At(0.999).Should().BeGreaterThan(200);
    }

    [Fact]
    public void Environment_rows_caches_and_steal()
    {
        var env = RunEnvironment.Load(Path.Combine(RunFixture.FixturesRoot, "full"));
        env.Row("CPU").Should().Be("AMD EPYC");
        env.CacheBytes("L3").Should().Be(32L << 20);
        env.CacheBytes("L2").Should().Be(1L << 20);
        env.StealPercent().Should().BeNull("that run recorded no steal counters");
        env.FingerprintSource.Should().Contain("no machine.json");

        var rows = new Dictionary<string, string>
        {
            [RunEnvironment.StealStartRow] = "steal 100 of 10000 ticks",
            [RunEnvironment.StealEndRow] = "steal 150 of 11000 ticks",
        };
        new RunEnvironment(rows, "f", "test").StealPercent().Should().BeApproximately(5.0, 1e-12);
    }
}
