namespace MeasurementLab.Tests;

public class BenchmarkArgumentsTests
{
    private const string E4 = "EnemiesOfMeasurement.E4_CacheState.LookupRandom";

    private static readonly SubCommand[] Modes = [new("latency", "a mode", _ => 0, "usage")];

    [Theory]
    [InlineData(new string[0], true)]
    [InlineData(new[] { "--filter", "*" }, true)]
    [InlineData(new[] { "--filter", "*E4*" }, true)]
    [InlineData(new[] { "--filter", "*e4_cachestate*" }, true)]
    [InlineData(new[] { "--filter=*E4*" }, true)]
    [InlineData(new[] { "-f", "*E5*", "*E4*" }, true)]
    [InlineData(new[] { "--filter", "*E5*" }, false)]
    [InlineData(new[] { "--filter", "*E4*", "--list", "flat" }, false)]
    [InlineData(new[] { "--help" }, false)]
    [InlineData(new[] { "--strategy", "ColdStart", "--iterationCount", "1" }, true)]
    [InlineData(new[] { "--filter", "EnemiesOfMeasurement.E4_CacheState.Lookup?andom" }, true)]
    public void Knows_whether_a_benchmark_will_run(string[] args, bool expected) =>
        BenchmarkArguments.Parse(args, Modes).WillRun(E4).Should().Be(expected);

    [Fact]
    public void Filter_values_stop_at_the_next_option() =>
        BenchmarkArguments.Parse(["--filter", "*E1*", "*E2*", "--job", "short"], Modes).Filters.Should().Equal("*E1*", "*E2*");

    [Theory]
    [InlineData(new string[0], new[] { "--filter", "*" })]
    [InlineData(new[] { "--job", "short" }, new[] { "--job", "short", "--filter", "*" })]
    [InlineData(new[] { "-f", "*E1*" }, new[] { "-f", "*E1*" })]
    [InlineData(new[] { "--list", "flat" }, new[] { "--list", "flat" })]
    public void A_run_without_a_filter_runs_everything_never_the_interactive_menu(string[] args, string[] expected) =>
        BenchmarkArguments.Parse(args, Modes).ForBenchmarkDotNet.Should().Equal(expected);

    [Theory]
    [InlineData(new[] { "--inProcess", "--filter", "*E1*" }, new[] { "--filter", "*E1*" })]
    [InlineData(new[] { "-i", "--iterationCount", "3" }, new[] { "--iterationCount", "3", "--filter", "*" })]
    [InlineData(new[] { "--inprocess", "-f", "*" }, new[] { "-f", "*" })]
    public void InProcess_is_taken_out_and_applied_to_every_job_instead(string[] args, string[] expected)
    {
        var parsed = BenchmarkArguments.Parse(args, Modes);

        parsed.InProcess.Should().BeTrue();
        parsed.ForBenchmarkDotNet.Should().Equal(expected);
    }

    [Fact]
    public void The_in_process_config_adds_one_mutator_job_that_sets_the_toolchain()
    {
        var config = InProcessJobs.Everywhere(null);

        var job = config.GetJobs().Should().ContainSingle().Subject;
        job.Meta.IsMutator.Should().BeTrue();
        job.Infrastructure.Toolchain.Should().BeOfType<BenchmarkDotNet.Toolchains.InProcess.Emit.InProcessEmitToolchain>();
        BenchmarkArguments.Parse(["--filter", "*"], Modes).InProcess.Should().BeFalse();
    }

    [Theory]
    [InlineData("--strategy ColdStart --launchCount 1 --warmupCount 0 --iterationCount 1 --unrollFactor 1 --invocationCount 1")]
    [InlineData("--launchCount 1 --warmupCount 1 --iterationCount 5")]
    [InlineData("--filter *NoisyComparison* --iterationCount 5 --warmupCount 3")]
    [InlineData("--filter * --artifacts /tmp/x --exporters json html --disasm --memory")]
    [InlineData("-f * -j short -m -d --join --iterationTime=250")]
    [InlineData("--runtimes net10.0 --envVars A:1 B:2 --allCategories Micro")]
    [InlineData("--iterationcount 5 -F *")]
    public void The_run_profiles_and_common_BenchmarkDotNet_options_are_accepted(string commandLine) =>
        FluentActions.Invoking(() => BenchmarkArguments.Parse(commandLine.Split(' '), Modes)).Should().NotThrow();

    [Theory]
    [InlineData(new[] { "bogus-subcommand" }, "unknown sub-command 'bogus-subcommand'; sub-commands: latency")]
    [InlineData(new[] { "--disasm", "bogus" }, "unexpected argument 'bogus' after --disasm")]
    [InlineData(new[] { "--bogus" }, "unknown option '--bogus'")]
    [InlineData(new[] { "--job", "nonsense" }, "BenchmarkDotNet: The provided base job \"nonsense\" is invalid*")]
    [InlineData(new[] { "--exporters" }, "option --exporters needs a value")]
    [InlineData(new[] { "--iterationCount=" }, "option --iterationCount= needs a value")]
    [InlineData(new[] { "--iterationCount", "0" }, "option --iterationCount must be at least 1; got 0")]
    [InlineData(new[] { "--warmupCount", "-1" }, "option --warmupCount must be at least 0; got -1")]
    [InlineData(new[] { "--iterationCount", "3000000000" }, "BenchmarkDotNet: Option 'iterationCount' is defined with a bad format")]
    public void What_BenchmarkDotNet_would_ignore_or_misread_is_a_usage_error(string[] args, string message) =>
        FluentActions.Invoking(() => BenchmarkArguments.Parse(args, Modes)).Should().Throw<UsageException>().WithMessage(message + "*");

    [Fact]
    public void Without_modes_a_bare_word_says_the_program_takes_options_only() =>
        FluentActions.Invoking(() => BenchmarkArguments.Parse(["run"], []))
            .Should().Throw<UsageException>().WithMessage("unexpected argument 'run': this program takes BenchmarkDotNet options only*");

    [Fact]
    public void The_rounds_options_are_the_labs_and_never_reach_BenchmarkDotNet()
    {
        var arguments = BenchmarkArguments.Parse(["--rounds", "5", "--filter", "*E1*", "--rounds-seed=42", "--iterationCount", "3"], Modes);

        arguments.Rounds.Should().Be(5);
        arguments.RoundsSeed.Should().Be(42UL);
        arguments.ForBenchmarkDotNet.Should().Equal("--filter", "*E1*", "--iterationCount", "3");
    }

    [Fact]
    public void Without_the_rounds_options_a_run_is_one_ordinary_BenchmarkDotNet_run()
    {
        var arguments = BenchmarkArguments.Parse(["--filter", "*E1*"], Modes);

        arguments.Rounds.Should().BeNull();
        arguments.RoundsSeed.Should().BeNull();
    }

    [Theory]
    [InlineData(new[] { "--rounds" }, "option --rounds needs a value")]
    [InlineData(new[] { "--rounds", "0" }, "option --rounds must be a whole number from 1 to 40; got '0'")]
    [InlineData(new[] { "--rounds", "101" }, "option --rounds must be a whole number from 1 to 40; got '101'")]
    [InlineData(new[] { "--rounds", "three" }, "option --rounds must be a whole number from 1 to 40; got 'three'")]
    [InlineData(new[] { "--rounds", "3", "--rounds", "4" }, "option --rounds is given twice")]
    [InlineData(new[] { "--rounds", "3", "--rounds-seed", "-5" }, "option --rounds-seed must be a whole number from 0 to 9223372036854775807; got '-5'")]
    [InlineData(new[] { "--rounds-seed", "7" }, "option --rounds-seed needs --rounds N")]
    [InlineData(new[] { "--rounds", "3", "--round", "1" }, "option --round needs --rounds N and --rounds-seed S (every round of one schedule)")]
    [InlineData(new[] { "--rounds", "3", "--rounds-seed", "7", "--round", "4" }, "option --round 4 is past the 3 round(s) of --rounds")]
    [InlineData(new[] { "--rounds", "3", "--rounds-seed", "7", "--round", "0" }, "option --round must be a whole number from 1 to 40; got '0'")]
    public void Wrong_rounds_options_are_one_line_naming_the_option(string[] args, string message) =>
        FluentActions.Invoking(() => BenchmarkArguments.Parse(args, Modes)).Should().Throw<UsageException>().WithMessage(message);
}
