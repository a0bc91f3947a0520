using LabRounds;

namespace LabRounds.Tests;

public class RoundNameTests
{
    [Theory]
    [InlineData("ShortRun-R3", "ShortRun", 3)]
    [InlineData("Job-R12", "Job", 12)]
    [InlineData("ShortRun-R3(IterationCount=3, WarmupCount=1)", "ShortRun", 3)]
    [InlineData("FullOpts-R1", "FullOpts", 1)]
    public void A_round_job_reads_back_into_its_job_and_round(string job, string baseJob, int round)
    {
        RoundName.TryParse(job, out string parsedJob, out int parsedRound).Should().BeTrue();

        parsedJob.Should().Be(baseJob);
        parsedRound.Should().Be(round);
    }

    [Theory]
    [InlineData("ShortRun")]
    [InlineData("DefaultJob")]
    [InlineData("Job-ABCDEF(IterationCount=5)")]
    [InlineData("Job-R0")]
    [InlineData("Job-R")]
    [InlineData(null)]
    public void A_job_that_is_not_a_round_is_not_read_as_one(string? job)
    {
        RoundName.TryParse(job, out _, out int round).Should().BeFalse();
        round.Should().Be(0);
    }

    [Fact]
    public void Format_and_parse_agree()
    {
        RoundName.TryParse(RoundName.Format("ShortRun", 7), out string job, out int round).Should().BeTrue();

        (job, round).Should().Be(("ShortRun", 7));
    }
}
