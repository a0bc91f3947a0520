using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;
using BenchmarkDotNet.Jobs;
using BenchmarkDotNet.Running;
using LabRounds;

namespace MeasurementLab.Tests;

public class BenchmarkRoundsTests
{
    [Fact]
    public void Every_case_runs_once_per_round_in_the_schedules_order_under_a_round_job()
    {
        var run = BenchmarkConverter.TypeToBenchmarks(typeof(ThreeCases), ManualConfig.CreateEmpty().AddJob(Job.ShortRun));
        var schedule = new RoundSchedule(4, 2026);

        var expanded = BenchmarkRounds.Expand(run, schedule);

        var expected = schedule.Sequence(run.BenchmarksCases)
            .Select(s => $"{s.Side.Descriptor.WorkloadMethod.Name}@{RoundName.Format("ShortRun", s.Round)}");
        expanded.BenchmarksCases.Select(c => $"{c.Descriptor.WorkloadMethod.Name}@{c.Job.Id}").Should().Equal(expected);
        expanded.BenchmarksCases.Should().HaveCount(12);
    }

    [Fact]
    public void A_round_keeps_the_jobs_settings()
    {
        var job = Job.Default.WithIterationCount(3).WithWarmupCount(1);
        var run = BenchmarkConverter.TypeToBenchmarks(typeof(ThreeCases), ManualConfig.CreateEmpty().AddJob(job));

        var expanded = BenchmarkRounds.Expand(run, new RoundSchedule(2, 1));

        expanded.BenchmarksCases.Should().AllSatisfy(c =>
        {
            c.Job.Run.IterationCount.Should().Be(3);
            c.Job.Run.WarmupCount.Should().Be(1);
        });
        // A job BenchmarkDotNet named by its characteristics becomes "Job" in its rounds.
        expanded.BenchmarksCases.Select(c => c.Job.Id).Distinct().Should().BeEquivalentTo("Job-R1", "Job-R2");
    }

    public class ThreeCases
    {
        [Benchmark]
        public int A() => 1;

        [Benchmark]
        public int B() => 2;

        [Benchmark]
        public int C() => 3;
    }
}
