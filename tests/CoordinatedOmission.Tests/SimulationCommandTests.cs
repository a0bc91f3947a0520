using MeasurementLab;

namespace CoordinatedOmission.Tests;

public class SimulationCommandTests
{
    [Fact]
    public void No_arguments_means_the_posts_run()
    {
        var settings = SimulationCommand.Parse([]);

        settings.RatePerSecond.Should().Be(450);
        settings.DurationSeconds.Should().Be(30);
        settings.PauseEvery.Should().Be(500);
        settings.PauseMilliseconds.Should().Be(200);
        settings.Clients.Should().Be(ClientKinds.Closed | ClientKinds.Open);
        settings.Workers.Should().Be(1);
        settings.OutputDirectory.Should().BeNull();
        settings.Virtual.Should().BeFalse();
        settings.RequestsPerClient.Should().Be(13_500);
        settings.HighestTrackable.Should().BeGreaterThanOrEqualTo(TimeSpan.FromSeconds(60), "at least the post's range, more when a run could need it");
    }

    [Fact]
    public void Every_option_is_read_in_both_spellings()
    {
        var settings = SimulationCommand.Parse(
            ["--rate=100", "--duration", "5", "--pause-every", "10", "--pause-ms=0", "--client", "closed,concurrent", "--workers", "3", "--output", "out", "--virtual"]);

        settings.Should().Be(new SimulationSettings
        {
            RatePerSecond = 100,
            DurationSeconds = 5,
            PauseEvery = 10,
            PauseMilliseconds = 0,
            Clients = ClientKinds.Closed | ClientKinds.Concurrent,
            Workers = 3,
            OutputDirectory = "out",
            Virtual = true,
        });
    }

    [Theory]
    [InlineData("all", 7)]
    [InlineData("concurrent", 4)]
    [InlineData("open,closed", 3)]
    [InlineData(" open , open ", 2)]
    public void Client_lists_select_the_clients(string list, int expected)
    {
        SimulationCommand.Parse(["--client", list]).Clients.Should().Be((ClientKinds)expected);
    }

    [Theory]
    [InlineData("--rate", "--rate", "0")]
    [InlineData("--rate", "--rate", "-5")]
    [InlineData("--rate", "--rate", "abc")]
    [InlineData("--rate", "--rate", "1.5")]
    [InlineData("--rate", "--rate")]
    [InlineData("--duration", "--duration", "0")]
    [InlineData("--duration", "--duration", "-30")]
    [InlineData("--duration", "--duration", "ten")]
    [InlineData("--pause-every", "--pause-every", "0")]
    [InlineData("--pause-every", "--pause-every", "-1")]
    [InlineData("--pause-ms", "--pause-ms", "-1")]
    [InlineData("--pause-ms", "--pause-ms", "x")]
    [InlineData("--client", "--client", "fast")]
    [InlineData("--workers", "--client", "concurrent", "--workers", "0")]
    [InlineData("--workers", "--workers", "2")]
    [InlineData("--bogus", "--bogus")]
    [InlineData("--virtual", "--virtual=yes")]
    [InlineData("stray", "stray")]
    public void Invalid_arguments_are_usage_errors_that_name_the_argument(string named, params string[] args)
    {
        var act = () => SimulationCommand.Parse(args);

        act.Should().Throw<UsageException>().Which.Message.Should().Contain(named);
    }

    [Fact]
    public void An_output_path_that_is_a_file_is_refused()
    {
        string file = Path.GetTempFileName();
        try
        {
            var act = () => SimulationCommand.Parse(["--output", file]);

            act.Should().Throw<UsageException>().WithMessage("*--output*is a file*");
        }
        finally
        {
            File.Delete(file);
        }
    }

    [Fact]
    public void An_output_directory_that_cannot_be_created_is_refused_before_the_run()
    {
        string file = Path.GetTempFileName();
        try
        {
            var act = () => SimulationCommand.Run(["--virtual", "--output", Path.Combine(file, "sub")], TextWriter.Null, TextWriter.Null);

            act.Should().Throw<UsageException>().WithMessage("*--output*cannot write*");
        }
        finally
        {
            File.Delete(file);
        }
    }

    [Fact]
    public void Help_exits_0_and_bad_input_exits_with_the_usage_code()
    {
        var command = SimulationCommand.Create(TextWriter.Null, TextWriter.Null);

        LabEntryPoint.RunSubCommand(command, ["--help"]).Should().Be(0);
        LabEntryPoint.RunSubCommand(command, ["--rate", "0"]).Should().Be(LabEntryPoint.UsageExitCode);
        LabEntryPoint.RunSubCommand(command, ["--nope"]).Should().Be(LabEntryPoint.UsageExitCode);
    }

    [Fact]
    public void Usage_lists_every_option_with_its_default()
    {
        foreach (string option in new[] { "--rate", "--duration", "--pause-every", "--pause-ms", "--client", "--workers", "--output", "--virtual", "--help" })
        {
            SimulationCommand.Usage.Should().Contain(option);
        }

        SimulationCommand.Usage.Should().Contain("(default 450)").And.Contain("(default 500)").And.Contain("(default 200)");
    }

    [Fact]
    public void A_virtual_run_prints_the_report_and_exits_0()
    {
        using var output = new StringWriter();
        var command = SimulationCommand.Create(output, TextWriter.Null);

        int exit = LabEntryPoint.RunSubCommand(command, ["--virtual", "--duration", "3"]);

        exit.Should().Be(0);
        string report = output.ToString();
        report.Should().Contain("## Closed-loop").And.Contain("## Open-loop").And.Contain("## Corrected").And.Contain("## Side by side")
            .And.Contain("Open-loop ÷ Closed").And.Contain("## Latency buckets").And.Contain("## Send lateness");
        report.Should().NotContain("## Concurrent", "the concurrent client runs only when asked for");
    }

    [Fact]
    public void The_command_line_of_a_run_parses_back_to_the_same_settings()
    {
        var settings = new SimulationSettings { RatePerSecond = 99, DurationSeconds = 7, PauseEvery = 3, PauseMilliseconds = 12, Clients = ClientKinds.All, Workers = 2, Virtual = true, OutputDirectory = "dir" };

        SimulationCommand.Parse(settings.ToCommandLine().Split(' ')).Should().Be(settings);
    }
}
