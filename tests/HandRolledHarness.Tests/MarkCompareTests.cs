using HandRolledHarness.Comparison;
using MeasurementLab;

namespace HandRolledHarness.Tests;

public sealed class MarkCompareTests : IDisposable
{
    private static readonly string Fixtures = Path.Combine(AppContext.BaseDirectory, "Fixtures");
    private readonly string _directory = Directory.CreateTempSubdirectory("hand-rolled-compare-").FullName;

    public void Dispose() => Directory.Delete(_directory, recursive: true);

    [Fact]
    public void BenchmarkDotNet_results_are_read_by_function_name_and_size()
    {
        var results = BdnResult.ReadDirectory(Path.Combine(Fixtures, "run"));

        results.Select(r => (r.Function, r.Size)).Should().BeEquivalentTo(new (string, int?)[]
        {
            ("binary_search_same", 100), ("binary_search_pseudorandom", 100), ("binary_search_same", 6_553_600), ("multiply", null),
        });
        var multiply = results.Single(r => r.Function == "multiply");
        multiply.MeanNs.Should().BeApproximately(5.1036, 1e-4);
        multiply.CiLevel.Should().Be("99.9%");
        multiply.CiLowerNs.Should().BeLessThan(multiply.MeanNs);
        multiply.CiUpperNs.Should().BeGreaterThan(multiply.MeanNs);
        multiply.AllocatedBytes.Should().Be(0);
    }

    [Fact]
    public void The_table_pairs_each_function_and_size_and_gives_the_ratio()
    {
        string table = ComparisonCommand.Table(Path.Combine(Fixtures, "run"));

        string[] multiply = Row(table, "multiply", "");
        multiply[2..6].Should().Equal("4.700 ns", "1.060 ns", "8,388,608", "5.104 ns");
        multiply[7..].Should().Equal("0", $"{4.7 / 5.103596964480644:F2}");
        Row(table, "binary_search_same", "6,553,600")[2..5].Should().Equal("—", "—", "—");
        Row(table, "pow", "")[5..].Should().Equal(["—", "—", "—", "—"], "a function BenchmarkDotNet did not run keeps its Mark8 row");
        Cells(table).Should().NotContain(r => r[0] == "binary_search_same" && r[1] == "200", "the sweep's other sizes stay in mark8.csv");
        Cells(table).Should().HaveCount(1 + 5, "one header and five rows");
    }

    [Fact]
    public void A_one_iteration_run_has_no_interval()
    {
        Row(ComparisonCommand.Table(Path.Combine(Fixtures, "smoke")), "multiply", "")[6].Should().Be("n/a");
    }

    [Fact]
    public void Rows_follow_the_note_order_then_size()
    {
        var marks = new[]
        {
            new Mark8Row("sort", "quicksort", 200, 1, 0, 2),
            new Mark8Row("sort", "quicksort", 100, 1, 0, 2),
            new Mark8Row("math", "pow", null, 1, 0, 2),
        };

        string table = ComparisonTable.Markdown(marks, []);

        Cells(table).Skip(1).Select(r => r[0] + r[1]).Should().Equal("pow", "quicksort100", "quicksort200");
    }

    [Fact]
    public void Csv_round_trips()
    {
        string path = Path.Combine(_directory, Mark8Csv.FileName);
        Mark8Row[] rows = [new("math", "pow", null, 11.25, 1.5, 4_194_304), new("sort", "heapsort", 1_600, 81_774.8, 450.03, 256)];

        Mark8Csv.Write(path, rows);

        File.ReadLines(path).First().Should().Be(Mark8Csv.Header);
        Mark8Csv.Read(path).Should().Equal(rows);
        File.Exists(path + ".tmp").Should().BeFalse();
    }

    [Fact]
    public void Missing_or_malformed_inputs_are_usage_errors_naming_the_file()
    {
        Directory.CreateDirectory(Path.Combine(_directory, "empty"));
        File.WriteAllText(Path.Combine(_directory, Mark8Csv.FileName), "group,function,size,mean_ns,sdev_ns,count\nmath,pow,,fast,1,2\n");

        FluentActions.Invoking(() => ComparisonCommand.Table(Path.Combine(_directory, "nope")))
            .Should().Throw<UsageException>().WithMessage("*RUN_DIR*nope*is not a directory*");
        FluentActions.Invoking(() => ComparisonCommand.Table(Path.Combine(_directory, "empty")))
            .Should().Throw<UsageException>().WithMessage("*mark8.csv does not exist*");
        FluentActions.Invoking(() => ComparisonCommand.Table(_directory))
            .Should().Throw<UsageException>().WithMessage("*mark8.csv:2: expected group,function,size,mean_ns,sdev_ns,count; got 'math,pow,,fast,1,2'*");
    }

    [Fact]
    public void Every_function_has_a_BenchmarkDotNet_benchmark_of_the_same_name()
    {
        var descriptions = new[] { typeof(MathBenchmarks), typeof(BinarySearchBenchmarks), typeof(SortBenchmarks) }
            .SelectMany(t => t.GetMethods())
            .Select(m => m.GetCustomAttributes(typeof(BenchmarkDotNet.Attributes.BenchmarkAttribute), false).Cast<BenchmarkDotNet.Attributes.BenchmarkAttribute>().SingleOrDefault())
            .OfType<BenchmarkDotNet.Attributes.BenchmarkAttribute>()
            .Select(b => b.Description);

        descriptions.Should().BeEquivalentTo(FunctionCatalog.All.Select(f => f.Name));
    }

    private static string[] Row(string table, string function, string size) =>
        Cells(table).Single(r => r[0] == function && r[1] == size);

    // Each row's trimmed cells, the header first and the separator line left out.
    private static List<string[]> Cells(string table) =>
        [.. table.Split('\n').Where(l => l.StartsWith("| ", StringComparison.Ordinal)).Select(l => l.Split('|')[1..^1].Select(c => c.Trim()).ToArray())];
}
