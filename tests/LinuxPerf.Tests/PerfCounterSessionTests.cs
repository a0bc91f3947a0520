namespace LinuxPerf.Tests;

/// <summary>
/// Real perf_event_open calls. Workloads are counted by their effect (page faults of pages touched for the first
/// time), never by their speed. One class, so xunit runs these one at a time.
/// </summary>
public class PerfCounterSessionTests
{
    private const int Pages = 2048; // 8 MiB of 4 KiB pages

    private static readonly PerfEventGroup[] Software = [new(PerfEvents.PageFaults), new(PerfEvents.TaskClock)];

    [LinuxFact]
    public void Touching_fresh_pages_counts_a_page_fault_for_most_of_them_and_task_clock_runs()
    {
        using var session = PerfCounterSession.OpenForCurrentThread(Software);
        using var pages = FreshPages.Map(Pages);
        session.Availability.Should().AllSatisfy(r => r.Status.Should().Be(CounterStatus.Counted, r.Reason));

        session.Enable();
        pages.TouchAll();
        session.Disable();
        var snapshot = session.Read();

        snapshot["page-faults"]!.Value.Should().BeGreaterThanOrEqualTo(Pages / 2.0);
        snapshot["task-clock"]!.Value.Should().BeGreaterThan(0);
        snapshot["page-faults"]!.IsScaled.Should().BeFalse("software events are never multiplexed");
    }

    [LinuxFact]
    public void Counters_opened_but_never_enabled_count_nothing()
    {
        using var session = PerfCounterSession.OpenForCurrentThread(Software);
        using var pages = FreshPages.Map(Pages);

        pages.TouchAll();

        session.Read()["page-faults"]!.RawValue.Should().Be(0);
    }

    [LinuxFact]
    public void Reset_forgets_what_was_counted_before()
    {
        using var session = PerfCounterSession.OpenForCurrentThread(Software);
        using var before = FreshPages.Map(Pages);
        using var after = FreshPages.Map(16);
        session.Enable();
        before.TouchAll();
        session.Disable();
        session.Read()["page-faults"]!.Value.Should().BeGreaterThanOrEqualTo(Pages / 2.0);

        session.Reset();
        session.Enable();
        after.TouchAll();
        session.Disable();

        session.Read()["page-faults"]!.Value.Should().BeLessThan(Pages / 2.0);
    }

    [LinuxFact]
    public void A_process_session_covers_its_existing_threads_and_threads_started_later()
    {
        using var session = PerfCounterSession.OpenForProcess(Environment.ProcessId, Software);
        session.ThreadCount.Should().BeGreaterThan(1, "a .NET process always has several threads");
        session.Target.Should().Contain($"process {Environment.ProcessId}");
        using var pages = FreshPages.Map(Pages);

        session.Enable();
        var worker = new Thread(pages.TouchAll); // created after the counters were opened: counted through inherit
        worker.Start();
        worker.Join();
        session.Disable();

        session.Read()["page-faults"]!.Value.Should().BeGreaterThanOrEqualTo(Pages / 2.0);
    }

    [LinuxFact]
    public void Hardware_cycles_are_either_counted_or_reported_as_not_supported_while_software_events_still_count()
    {
        using var session = PerfCounterSession.OpenForCurrentThread([new(PerfEvents.Cycles, PerfEvents.Instructions), new(PerfEvents.TaskClock)]);
        session.Enable();
        Spin();
        session.Disable();
        var snapshot = session.Read();

        var cycles = snapshot["cycles"]!;
        if (cycles.IsCounted)
        {
            cycles.Value.Should().BeGreaterThan(0); // a machine with a PMU
        }
        else
        {
            cycles.Status.Should().Be(CounterStatus.NotSupported, "only a missing PMU may stop cycles here (we may open our own thread)");
            cycles.Reason.Should().Contain("<not supported>").And.Contain("PMU");
            snapshot["instructions"]!.Status.Should().Be(CounterStatus.NotSupported);
            snapshot.HasHardwareCounts.Should().BeFalse();
        }

        snapshot["task-clock"]!.Status.Should().Be(CounterStatus.Counted);
        snapshot["task-clock"]!.Value.Should().BeGreaterThan(0);
    }

    [LinuxFact]
    public void An_event_this_kernel_does_not_have_is_reported_not_thrown()
    {
        var bogus = new PerfEvent("sw-event-9999", PerfEventType.Software, 9999);
        using var session = PerfCounterSession.OpenForCurrentThread([new(bogus), new(PerfEvents.TaskClock)]);

        var reading = session.Read()["sw-event-9999"]!;

        reading.Status.Should().Be(CounterStatus.NotSupported);
        reading.Reason.Should().Contain("this kernel does not provide sw-event-9999");
        session.Read()["task-clock"]!.Status.Should().Be(CounterStatus.Counted);
    }

    [LinuxFact]
    public void An_attribute_the_kernel_rejects_is_an_invalid_configuration_on_any_machine()
    {
        // Bit 10 of read_format is beyond every PERF_FORMAT_* flag: the kernel answers EINVAL.
        using var session = PerfCounterSession.Open([0], [new(PerfEvents.PageFaults)], inherit: false, "test",
            (_, attr) => attr with { ReadFormat = attr.ReadFormat | (1UL << 10) });

        var reading = session.Availability.Single();

        reading.Status.Should().Be(CounterStatus.InvalidConfiguration);
        reading.Reason.Should().Contain("invalid event configuration").And.Contain("page-faults").And.Contain("EINVAL");
        session.Read().Readings.Single().IsCounted.Should().BeFalse();
    }

    [LinuxFact]
    public void A_process_that_does_not_exist_gives_an_unavailable_reading()
    {
        using var session = PerfCounterSession.OpenForProcess(int.MaxValue - 1, Software);

        session.ThreadCount.Should().Be(0);
        session.Read().Readings.Should().AllSatisfy(r => r.Status.Should().Be(CounterStatus.Unavailable));
    }

    [LinuxFact]
    public void A_disposed_session_refuses_to_read()
    {
        var session = PerfCounterSession.OpenForCurrentThread(Software);
        session.Dispose();
        session.Dispose(); // idempotent

        session.Invoking(s => s.Read()).Should().Throw<ObjectDisposedException>();
    }

    [LinuxFact]
    public void Threads_of_a_process_are_listed_from_proc()
    {
        PerfCounterSession.ThreadsOf(Environment.ProcessId).Should().Contain(Environment.ProcessId, "the main thread's id is the pid");
        PerfCounterSession.ThreadsOf(int.MaxValue - 1).Should().BeEmpty();
    }

    private static void Spin()
    {
        double x = 1;
        for (int i = 0; i < 2_000_000; i++)
        {
            x = (x * 1.0000001) + 1e-9;
        }

        GC.KeepAlive(x);
    }
}
