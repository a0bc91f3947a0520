namespace Ab.Tests;

public class CalibrateTests
{
    private static readonly string[] Campaign =
        ["--project", "tools/Calibration", "--scale-env", "FTF_CALIBRATION_SCALE", "--changes", "0,5%,10", "--methods", "interleaved,duet", "--trials", "3", "--seed", "7"];

    [Fact]
    public void Its_own_options_are_taken_out_and_the_rest_is_a_run_of_HEAD_against_itself()
    {
        var options = Calibrate.Parse([.. Campaign, "--filter", "*Chain", "--budget", "5m"]);

        options.Run.IsAa.Should().BeTrue();
        options.Run.A.Should().Be("HEAD");
        options.Run.Filters.Should().Equal("*Chain");
        options.Run.Budget.Should().Be(TimeSpan.FromMinutes(5));
        options.ScaleVariable.Should().Be("FTF_CALIBRATION_SCALE");
        options.Changes.Should().Equal(0, 0.05, 0.1);
        options.Methods.Should().Equal(AbMethod.Interleaved, AbMethod.Duet);
        options.Trials.Should().Be(3);
        options.Seed.Should().Be(7);
    }

    [Fact]
    public void Two_commits_are_a_layout_calibration_of_a_changed_program()
    {
        var options = Calibrate.Parse(["--a", "HEAD~1", "--b", "HEAD", "--project", "p"]);

        options.Run.IsAa.Should().BeFalse();
        options.Changes.Should().Equal(0);
        options.Methods.Should().Equal(AbMethod.Interleaved);
    }

    [Theory]
    [InlineData(new[] { "--project", "p", "--changes", "5" }, "--changes other than 0 need --scale-env NAME")]
    [InlineData(new[] { "--project", "p", "--changes", "five" }, "--changes 'five' is not a percentage from 0 to 100")]
    [InlineData(new[] { "--project", "p", "--methods", "interleaved,paired" }, "--methods 'paired' is not one of: interleaved, sequential, duet")]
    [InlineData(new[] { "--project", "p", "--trials", "0" }, "--trials '0' is not a whole number from 1 to 1000")]
    [InlineData(new[] { "--project", "p", "--trials" }, "--trials needs a value")]
    [InlineData(new[] { "--project", "p", "--seed", "1", "--seed", "2" }, "--seed is given twice")]
    [InlineData(new[] { "--project", "p", "--method", "duet" }, "--method is a run's")]
    [InlineData(new[] { "--changes", "0" }, "--project is needed")]
    public void A_wrong_command_line_names_its_mistake(string[] args, string message) =>
        FluentActions.Invoking(() => Calibrate.Parse(args)).Should().Throw<AbUsageException>().Which.Message.Should().StartWith(message);

    [Fact]
    public void Every_trial_runs_every_cell_once_in_an_order_the_seed_repeats()
    {
        var options = Calibrate.Parse(Campaign);

        var first = Calibrate.Cells(options, 1);
        first.Should().HaveCount(6).And.OnlyHaveUniqueItems();
        Calibrate.Cells(options, 1).Should().Equal(first);
        Enumerable.Range(1, 20).Select(t => Calibrate.Cells(options, t)).Should().Contain(cells => !cells.SequenceEqual(first), "the order is drawn per trial");
    }

    [Fact]
    public void B_gets_one_plus_the_change_and_A_gets_one()
    {
        var options = Calibrate.Parse(Campaign);

        var cell = Calibrate.CellOptions(options, AbMethod.Duet, 0.05);

        cell.Method.Should().Be(AbMethod.Duet);
        cell.EnvironmentA.Should().Equal(new Dictionary<string, string> { ["FTF_CALIBRATION_SCALE"] = "1" });
        cell.EnvironmentB.Should().Equal(new Dictionary<string, string> { ["FTF_CALIBRATION_SCALE"] = "1.05" });
    }

    [Fact]
    public void The_table_counts_flagged_A_A_trials_and_found_changes_per_cell()
    {
        var options = Calibrate.Parse(Campaign);
        // A fake machine: B/A is exactly the change, except that every third A/A trial is called slower.
        RoundsOutcome Trial(int trial, AbOptions cell)
        {
            double change = double.Parse(cell.EnvironmentB["FTF_CALIBRATION_SCALE"], System.Globalization.CultureInfo.InvariantCulture) - 1;
            var verdict = change > 0 ? AbVerdict.Slower : trial % 3 == 0 ? AbVerdict.Slower : AbVerdict.Same;
            var result = new AbResult("Calibration.KnownWork.ArithmeticChain", 100, 100 * (1 + change), 1 + change, (1 + change) * 0.99, (1 + change) * 1.01, 5, verdict);
            return new RoundsOutcome([result], 5, StopReason.AllDecided, TimeSpan.FromSeconds(40), null);
        }

        using var tsv = new StringWriter();
        var progress = new List<string>();
        var results = Calibrate.Run(options, Trial, tsv, progress.Add, CancellationToken.None);
        string markdown = Calibrate.Markdown(options, results, "header");

        results.Should().HaveCount(18);
        tsv.ToString().Split('\n', StringSplitOptions.RemoveEmptyEntries).Should().HaveCount(19, "a header and a line per benchmark and trial");
        progress.Should().HaveCount(18);
        markdown.Should().Contain("| KnownWork.ArithmeticChain | interleaved | A/A | 3 | 1 | 2 | 0 | 0 | flagged 1/3 (33%) | 5 | 40 s; 40 s | 1.000 |");
        markdown.Should().Contain("| KnownWork.ArithmeticChain | duet | +5% | 3 | 3 | 0 | 0 | 0 | found 3/3 (100%) | 5 | 40 s; 40 s | 1.050 |");
    }

    [Fact]
    public void Two_commits_without_a_known_change_are_B_as_built_and_their_layout_md_lists_every_trial()
    {
        var options = Calibrate.Parse(["--a", "HEAD~1", "--b", "HEAD", "--project", "p", "--trials", "2"]);
        RoundsOutcome Trial(int trial, AbOptions cell) => new(
            [new AbResult("K.Touched", 1, 1.5, 1.5, 1.45, 1.55, 12, AbVerdict.Slower), new AbResult("K.Other", 1, 1, 1.01 * trial, 0.97, 1.05, 12, AbVerdict.Undecided)],
            12, StopReason.MaxRounds, TimeSpan.FromSeconds(100), null);

        var results = Calibrate.Run(options, Trial, new StringWriter(), _ => { }, CancellationToken.None);

        Calibrate.Markdown(options, results, "h").Should().Contain("| K.Other | interleaved | as built | 2 |").And.NotContain("A/A |");
        Calibrate.LayoutMarkdown(options, results, "HEAD~1", "HEAD").Should()
            .Contain("| K.Other | 2 | 1.515 | 1.010 [0.970; 1.050]; 2.020 [0.970; 1.050] | 0/2 |")
            .And.Contain("| K.Touched | 2 | 1.500 | 1.500 [1.450; 1.550]; 1.500 [1.450; 1.550] | 2/2 |");
    }

    [Fact]
    public void An_interrupted_cell_ends_the_campaign_with_the_trials_that_ended()
    {
        var options = Calibrate.Parse(Campaign);
        int cells = 0;
        RoundsOutcome Trial(int trial, AbOptions cell) => ++cells == 4
            ? new RoundsOutcome([], 0, StopReason.Interrupted, TimeSpan.Zero, null)
            : new RoundsOutcome([new AbResult("K.Run", 1, 1, 1, 0.99, 1.01, 3, AbVerdict.Same)], 3, StopReason.AllDecided, TimeSpan.FromSeconds(9), null);

        var results = Calibrate.Run(options, Trial, new StringWriter(), _ => { }, CancellationToken.None);

        results.Should().HaveCount(3);
    }

    [Theory]
    [InlineData(0.99, 1.01, 0.0302)]
    [InlineData(0.95, 1.05, 0.0723)]
    public void A_trial_detects_the_threshold_plus_its_half_width(double lower, double upper, double detectable) =>
        new TrialResult(1, AbMethod.Interleaved, 0, "K.Run", AbVerdict.Same, 1, lower, upper, 5, 40, StopReason.AllDecided).Detectable(0.02)
            .Should().BeApproximately(detectable, 0.0005);
}
