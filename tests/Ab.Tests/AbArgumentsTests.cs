namespace Ab.Tests;

public class AbArgumentsTests
{
    [Fact]
    public void Defaults_are_every_benchmark_2_percent_10_minutes_40_rounds_and_no_fail_on()
    {
        var options = AbArguments.Parse(["--a", "main", "--b", "HEAD", "--project", "src/Perf/Perf.csproj"]);

        options.A.Should().Be("main");
        options.B.Should().Be("HEAD");
        options.IsAa.Should().BeFalse();
        options.Filters.Should().Equal("*");
        options.Threshold.Should().Be(0.02);
        options.Budget.Should().Be(TimeSpan.FromMinutes(10));
        options.MaxRounds.Should().Be(40);
        options.FailOn.Should().Be(FailOn.Never);
    }

    [Fact]
    public void Filter_takes_several_patterns_and_arguments_after_double_dash_go_to_BenchmarkDotNet()
    {
        var options = AbArguments.Parse(["--a", "x", "--b", "y", "--project", "p", "--filter", "*Parser*", "*Lexer*", "--threshold=5%", "--", "--memory"]);

        options.Filters.Should().Equal("*Parser*", "*Lexer*");
        options.Threshold.Should().BeApproximately(0.05, 1e-12);
        options.Extra.Should().Equal("--memory");
    }

    [Fact]
    public void Aa_uses_one_commit_for_both_sides()
    {
        var options = AbArguments.Parse(["--aa", "HEAD", "--project", "p", "--fail-on", "change"]);

        options.IsAa.Should().BeTrue();
        options.A.Should().Be("HEAD");
        options.B.Should().Be("HEAD");
        options.FailOn.Should().Be(FailOn.Change);
    }

    [Fact]
    public void Side_environments_are_repeatable_name_value_pairs()
    {
        var options = AbArguments.Parse(["--aa", "HEAD", "--project", "p", "--b-env", "FTF_CALIBRATION_SCALE=1.05", "--b-env=X=a=b", "--a-env", "Y="]);

        options.EnvironmentB.Should().BeEquivalentTo(new Dictionary<string, string> { ["FTF_CALIBRATION_SCALE"] = "1.05", ["X"] = "a=b" });
        options.EnvironmentA.Should().BeEquivalentTo(new Dictionary<string, string> { ["Y"] = "" });
    }

    [Theory]
    [InlineData(null, AbMethod.Interleaved)]
    [InlineData("sequential", AbMethod.Sequential)]
    [InlineData("duet", AbMethod.Duet)]
    public void Method_is_interleaved_unless_named(string? method, AbMethod expected) =>
        AbArguments.Parse(["--aa", "HEAD", "--project", "p", .. method is null ? Array.Empty<string>() : ["--method", method]]).Method.Should().Be(expected);

    [Theory]
    [InlineData("90s", 90)]
    [InlineData("10m", 600)]
    [InlineData("1h30m", 5400)]
    [InlineData("45", 45)]
    public void Budget_reads_seconds_minutes_and_hours(string text, int seconds) =>
        AbArguments.ParseDuration(text).Should().Be(TimeSpan.FromSeconds(seconds));

    [Theory]
    [InlineData(new[] { "--b", "HEAD", "--project", "p" }, "--a is needed")]
    [InlineData(new[] { "--a", "main", "--project", "p" }, "--b is needed")]
    [InlineData(new[] { "--project", "p" }, "--a and --b are needed")]
    [InlineData(new[] { "--a", "main", "--b", "HEAD" }, "--project is needed")]
    [InlineData(new[] { "--aa", "HEAD", "--a", "main", "--project", "p" }, "--aa measures one commit against itself")]
    [InlineData(new[] { "--a", "x", "--b", "y", "--project", "p", "--threshold", "0" }, "--threshold '0' is not a percentage")]
    [InlineData(new[] { "--a", "x", "--b", "y", "--project", "p", "--threshold", "two" }, "--threshold 'two' is not a percentage")]
    [InlineData(new[] { "--a", "x", "--b", "y", "--project", "p", "--budget", "10x" }, "--budget '10x' is not a duration")]
    [InlineData(new[] { "--a", "x", "--b", "y", "--project", "p", "--budget", "0s" }, "--budget '0s' is shorter than a second")]
    [InlineData(new[] { "--a", "x", "--b", "y", "--project", "p", "--max-rounds", "41" }, "--max-rounds '41' is not a whole number from 3 to 40")]
    [InlineData(new[] { "--a", "x", "--b", "y", "--project", "p", "--fail-on", "faster" }, "--fail-on 'faster' is not one of")]
    [InlineData(new[] { "--a", "x", "--b", "y", "--project", "p", "--rounds", "5" }, "unknown option '--rounds'")]
    [InlineData(new[] { "--a", "x", "y", "--b", "z", "--project", "p" }, "unexpected argument 'y'")]
    [InlineData(new[] { "--a", "x", "--a", "y", "--b", "z", "--project", "p" }, "--a is given twice")]
    [InlineData(new[] { "--a", "--b", "z", "--project", "p" }, "--a needs a value")]
    [InlineData(new[] { "--a", "x", "--b", "y", "--project", "p", "--b-env", "SCALE" }, "--b-env 'SCALE' is not NAME=VALUE")]
    [InlineData(new[] { "--a", "x", "--b", "y", "--project", "p", "--method", "paired" }, "--method 'paired' is not one of: interleaved, sequential, duet")]
    public void A_wrong_command_line_names_its_mistake(string[] args, string message) =>
        FluentActions.Invoking(() => AbArguments.Parse(args)).Should().Throw<AbUsageException>().Which.Message.Should().StartWith(message);
}
