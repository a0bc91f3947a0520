using System.Globalization;
using HandRolledHarness.Comparison;
using MeasurementLab;

namespace HandRolledHarness.Tests;

// One class: these tests redirect the process-wide Console, so they must not run in parallel with each other.
public sealed class HandRolledHarnessCommandLineTests : IDisposable
{
    private readonly string _directory = Directory.CreateTempSubdirectory("hand-rolled-tests-").FullName;

    public void Dispose() => Directory.Delete(_directory, recursive: true);

    [Theory]
    [InlineData(new string[0], "mark needs a step number")]
    [InlineData(new[] { "9" }, "The mark step must be at least 0 and at most 8; got 9")]
    [InlineData(new[] { "-1" }, "The mark step must be at least 0")]
    [InlineData(new[] { "seven" }, "The mark step needs a whole number; got 'seven'")]
    [InlineData(new[] { "8", "--function", "bogosort" }, "--function: unknown function 'bogosort'; known: multiply, pow")]
    [InlineData(new[] { "7", "--function", "quicksort" }, "--function: quicksort takes a problem size, which only mark 8 gives")]
    [InlineData(new[] { "3", "--function", "pow" }, "--function applies to mark 6 to 8")]
    [InlineData(new[] { "8", "--repeats", "0" }, "Option --repeats must be at least 2 and at most 1000; got 0")]
    [InlineData(new[] { "8", "--repeats", "-3" }, "Option --repeats must be at least 2")]
    [InlineData(new[] { "8", "--repeats", "many" }, "Option --repeats needs a whole number; got 'many'")]
    [InlineData(new[] { "8", "--min-seconds", "0" }, "Option --min-seconds must be greater than 0 and at most 60; got 0")]
    [InlineData(new[] { "8", "--min-seconds", "-0.5" }, "Option --min-seconds must be greater than 0")]
    [InlineData(new[] { "8", "--min-seconds" }, "Option --min-seconds needs a value")]
    [InlineData(new[] { "2", "--repeats", "5" }, "--repeats applies to mark 3 to 8")]
    [InlineData(new[] { "5", "--count", "1000" }, "--count applies to mark 1 to 4")]
    [InlineData(new[] { "4", "--min-seconds", "1" }, "--min-seconds applies to mark 5 to 8")]
    [InlineData(new[] { "7", "--max-size", "800" }, "--max-size applies to mark 8 (problem sizes)")]
    [InlineData(new[] { "8", "--max-size", "99" }, "Option --max-size must be at least 100")]
    [InlineData(new[] { "8", "--repeat", "5" }, "Unknown option: --repeat")]
    [InlineData(new[] { "8", "9" }, "Unexpected argument: 9")]
    [InlineData(new[] { "8", "--csv", "/proc/no-such-dir/mark8.csv" }, "--csv: cannot write '/proc/no-such-dir/mark8.csv'")]
    [InlineData(new[] { "7", "--rounds", "3" }, "--rounds applies to mark 8 (interleaved rounds of the sweep)")]
    [InlineData(new[] { "8", "--rounds", "0" }, "Option --rounds must be at least 1 and at most 40; got 0")]
    [InlineData(new[] { "8", "--rounds", "41" }, "Option --rounds must be at least 1 and at most 40; got 41")]
    [InlineData(new[] { "8", "--rounds-seed", "7" }, "--rounds-seed needs --rounds N")]
    [InlineData(new[] { "8", "--rounds", "2", "--rounds-seed", "x" }, "--rounds-seed must be a whole number from 0 to 9223372036854775807 (got 'x')")]
    [InlineData(new[] { "7", "--round", "1" }, "--round applies to mark 8 (one round of the sweep)")]
    [InlineData(new[] { "8", "--round", "1" }, "--round needs --rounds N and --rounds-seed S")]
    [InlineData(new[] { "8", "--rounds", "3", "--round", "1" }, "--round needs --rounds N and --rounds-seed S")]
    [InlineData(new[] { "8", "--rounds", "3", "--rounds-seed", "5", "--round", "4" }, "--round must be at most --rounds (3); got 4")]
    [InlineData(new[] { "8", "--rounds", "3", "--rounds-seed", "5", "--round", "0" }, "Option --round must be at least 1 and at most 40; got 0")]
    public void Bad_input_is_a_usage_error_on_stderr_with_exit_2_and_nothing_run(string[] args, string message)
    {
        var (exit, stdout, stderr) = Run(MarkCommand.Command, args);

        exit.Should().Be(LabEntryPoint.UsageExitCode);
        stderr.Split('\n')[0].Should().StartWith("error: ").And.Contain(message);
        stdout.Should().BeEmpty("nothing may run after a usage error");
    }

    [Fact]
    public void Help_prints_the_usage_and_runs_nothing()
    {
        var (exit, stdout, stderr) = Run(MarkCommand.Command, ["--help"]);

        exit.Should().Be(0);
        stdout.Should().StartWith("Usage: dotnet run -c Release -- mark STEP");
        stderr.Should().BeEmpty();
    }

    [Fact]
    public void All_with_mark_7_selects_the_functions_without_a_size()
    {
        var options = MarkOptions.Parse(["7", "--function", "all"]);

        options.Functions.Should().OnlyContain(f => f is PlainFunction).And.HaveCount(10);
        options.Repeats.Should().BeNull("unset options fall back to the note's values");
        options.MaxSize.Should().Be(MarkOptions.LargestSize);
    }

    [Fact]
    public void Mark_8_prints_the_platform_then_one_line_per_size_and_writes_the_csv()
    {
        string csv = Path.Combine(_directory, Mark8Csv.FileName);
        var options = MarkOptions.Parse(["8", "--function", "quicksort,binary_search_same,multiply,selection_sort", "--max-size", "400",
            "--repeats", "2", "--min-seconds", "0.000001", "--csv", csv]);
        var output = new StringWriter();

        var rows = MarkCommand.Execute(options, new FakeClock { AdvanceEveryRead = 1_000 }, output);

        string[] lines = EarlyMarkTests.Lines(output);
        lines.Take(4).Should().OnlyContain(l => l.StartsWith("# ", StringComparison.Ordinal));
        lines.Skip(4).Select(l => l.Split(' ', StringSplitOptions.RemoveEmptyEntries)[0]).Should().Equal(
            "multiply", "binary_search_same", "binary_search_same", "binary_search_same",
            "quicksort", "selection_sort", "quicksort", "selection_sort", "quicksort", "selection_sort");
        // Plain functions first, then each group size by size.
        rows.Select(r => r.Size).Should().Equal(null, 100, 200, 400, 100, 100, 200, 200, 400, 400);
        Mark8Csv.Read(csv).Should().BeEquivalentTo(rows, o => o.Using<double>(c => c.Subject.Should().BeApproximately(c.Expectation, 1e-3)).WhenTypeIs<double>());
    }

    [Fact]
    public void Mark_8_in_rounds_runs_the_whole_sweep_once_per_round_in_each_rounds_order_and_keeps_every_round()
    {
        string csv = Path.Combine(_directory, Mark8Csv.FileName);
        var options = MarkOptions.Parse(["8", "--function", "binary_search_same,binary_search_pseudorandom,binary_search_generated", "--max-size", "200",
            "--repeats", "2", "--min-seconds", "0.000001", "--rounds", "3", "--rounds-seed", "11", "--csv", csv]);
        var output = new StringWriter();

        var rows = MarkCommand.Execute(options, new FakeClock { AdvanceEveryRead = 1_000 }, output);

        rows.Select(r => r.Round).Should().Equal(1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3);
        // Within a round and a size, the functions run in that round's order of the schedule.
        var schedule = new LabRounds.RoundSchedule(3, 11);
        string[] names = ["binary_search_same", "binary_search_pseudorandom", "binary_search_generated"];
        for (int round = 1; round <= 3; round++)
        {
            rows.Where(r => r.Round == round && r.Size == 100).Select(r => r.Function).Should().Equal(schedule.Order(round, names));
        }

        output.ToString().Should().Contain("# rounds: 3, seed 11");
        // The warm-up before round 1 times every function but keeps and prints nothing of it.
        string beforeRound1 = output.ToString().Split("# round 1 of 3")[0];
        beforeRound1.Should().Contain("# warm-up: every function at size 100, not kept").And.NotContain("binary_search_same");
        File.ReadAllLines(Mark8Csv.RoundsPath(csv)).Should().HaveCount(1 + 18).And.StartWith(Mark8Csv.RoundsHeader);
        Mark8Csv.Read(csv).Should().HaveCount(6, "mark8.csv keeps one line per function and size: the median of the rounds");
    }

    [Fact]
    public void Mark_8_one_round_per_process_times_that_rounds_order_and_gathers_the_rounds_in_one_file()
    {
        string csv = Path.Combine(_directory, Mark8Csv.FileName);
        string[] names = ["binary_search_same", "binary_search_pseudorandom", "binary_search_generated"];
        IReadOnlyList<Mark8Row> Round(int k, int advance) => MarkCommand.Execute(
            MarkOptions.Parse(["8", "--function", string.Join(',', names), "--max-size", "200", "--repeats", "2", "--min-seconds", "0.000001",
                "--rounds", "3", "--rounds-seed", "11", "--round", k.ToString(CultureInfo.InvariantCulture), "--csv", csv]),
            new FakeClock { AdvanceEveryRead = advance }, TextWriter.Null);

        // Out of order, as a run's shuffled steps may call them; round 2 twice (a rerun replaces the earlier one).
        Round(2, 1_000).Should().OnlyContain(r => r.Round == 2);
        Round(3, 1_000);
        Round(2, 3_000);
        var last = Round(1, 1_000);

        last.Should().OnlyContain(r => r.Round == 1).And.HaveCount(6);
        var schedule = new LabRounds.RoundSchedule(3, 11);
        var kept = Mark8Csv.ReadRounds(Mark8Csv.RoundsPath(csv));
        kept.Select(r => r.Round).Should().Equal(1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3);
        for (int round = 1; round <= 3; round++)
        {
            kept.Where(r => r.Round == round && r.Size == 100).Select(r => r.Function).Should().Equal(schedule.Order(round, names));
        }

        double RoundMean(int round) => kept.First(r => r.Round == round && r.Size == 100).MeanNs;
        RoundMean(2).Should().Be(3 * RoundMean(1), "the rerun of round 2, on a clock three times slower, replaced the first");
        Mark8Csv.Read(csv).Should().HaveCount(6).And.OnlyContain(
            r => r.Count == kept.Where(k => k.Function == r.Function && k.Size == r.Size).Sum(k => k.Count),
            "mark8.csv summarises the three rounds gathered so far, not only the last process's");
    }

    [Fact]
    public void A_rounds_file_with_a_malformed_round_is_refused_with_its_line()
    {
        string path = Path.Combine(_directory, "mark8-rounds.csv");
        File.WriteAllLines(path, [Mark8Csv.RoundsHeader, "1,search,binary_search_same,100,1.0,0.1,4", "x,search,binary_search_same,100,1.0,0.1,4"]);

        var act = () => Mark8Csv.ReadRounds(path);

        act.Should().Throw<UsageException>().WithMessage($"{path}:3: expected {Mark8Csv.RoundsHeader}; got 'x,*");
    }

    [Theory]
    [InlineData(new string[0], "compare needs RUN_DIR")]
    [InlineData(new[] { "/nonexistent/run" }, "RUN_DIR '/nonexistent/run' is not a directory")]
    [InlineData(new[] { "@run", "--output", "/proc/no-such-dir/comparison.md" }, "--output: cannot write '/proc/no-such-dir/comparison.md'")]
    [InlineData(new[] { "@run", "@run" }, "Unexpected argument")]
    [InlineData(new[] { "@run", "--out", "x.md" }, "Unknown option: --out")]
    public void Bad_compare_input_is_a_usage_error(string[] args, string message)
    {
        string run = Path.Combine(AppContext.BaseDirectory, "Fixtures", "run");
        var (exit, _, stderr) = Run(ComparisonCommand.Command, args.Select(a => a == "@run" ? run : a).ToArray());

        exit.Should().Be(LabEntryPoint.UsageExitCode);
        stderr.Split('\n')[0].Should().StartWith("error: ").And.Contain(message);
    }

    [Fact]
    public void Compare_writes_the_table_where_asked_and_prints_it()
    {
        string output = Path.Combine(_directory, ComparisonCommand.OutputFileName);
        var (exit, stdout, _) = Run(ComparisonCommand.Command, [Path.Combine(AppContext.BaseDirectory, "Fixtures", "run"), "--output", output]);

        exit.Should().Be(0);
        File.ReadAllText(output).Should().Be(stdout).And.StartWith("# Hand-rolled Mark8 next to BenchmarkDotNet");
    }

    private static (int Exit, string Stdout, string Stderr) Run(SubCommand command, string[] args)
    {
        var stdout = new StringWriter();
        var stderr = new StringWriter();
        var (oldOut, oldError) = (Console.Out, Console.Error);
        Console.SetOut(stdout);
        Console.SetError(stderr);
        try
        {
            int exit = LabEntryPoint.RunSubCommand(command, args);
            return (exit, stdout.ToString(), stderr.ToString());
        }
        finally
        {
            Console.SetOut(oldOut);
            Console.SetError(oldError);
        }
    }
}
