using StorageEngine.Wal;

namespace StorageEngine.Tests;

/// <summary>
/// Simulated power cuts at every changing file operation of a workload, each followed by every kind of loss of the
/// unsynced state (<see cref="PowerLoss"/>). After every cut, recovery must give a state the table passed through
/// between the last completed FlushWAL and the cut: never less than that flush, never a garbage record. For a
/// table with several stripes the records of different stripes may reach the file in any order, so the state is
/// checked stripe by stripe: each stripe's keys must hold what a prefix of that stripe's inserts left.
/// </summary>
public class PowerLossTests(Xunit.Abstractions.ITestOutputHelper output)
{
    public static TheoryData<string> Scenarios => [.. PowerLossWorkload.All.Keys];

    [Theory]
    [MemberData(nameof(Scenarios))]
    public void After_a_power_cut_at_any_point_recovery_gives_a_state_between_the_last_flush_and_the_cut(string scenario)
    {
        var workload = PowerLossWorkload.All[scenario];
        long operations = workload.CountOperations();
        operations.Should().BeGreaterThan(100, "the workload must give many cut points");
        var seen = new Outcomes();
        for (long cut = 0; cut <= operations; cut++)
        {
            var disk = SimulatedLogs.NewDisk(powerFailsAfter: cut);
            var run = workload.Execute(disk);
            run.HadLog = disk.Content(SimulatedLogs.WalPath) is not null;
            foreach (var loss in Enum.GetValues<PowerLoss>())
            {
                var rebooted = disk.AfterPowerLoss(loss, seed: (int)(cut * 16) + (int)loss);
                workload.Verify(run, rebooted, seen, $"cut after {cut} of {operations} operations, {loss}");
            }
        }

        output.WriteLine($"{scenario}: {operations + 1} cut points x {Enum.GetValues<PowerLoss>().Length} losses = {seen.Recoveries} recoveries; " +
            $"{seen.BeyondLastFlush} kept unflushed records, {seen.TailsCut} cut a torn tail, {seen.LogsLost} lost the log's directory entry");

        seen.AssertTheCutsBit(operations);
    }

    [Fact]
    public void A_power_cut_during_recovery_loses_nothing_recovery_had_found()
    {
        var workload = PowerLossWorkload.All["LockTable"];
        long operations = workload.CountOperations();
        var seen = new Outcomes();
        for (long cut = 5; cut <= operations; cut += 7)
        {
            var disk = SimulatedLogs.NewDisk(powerFailsAfter: cut);
            var run = workload.Execute(disk);
            var first = disk.AfterPowerLoss(PowerLoss.TearGarbage, seed: (int)cut);
            long recoveryOperations = CountRecoveryOperations(workload, first);
            for (long second = 0; second < recoveryOperations; second++)
            {
                var again = first.AfterPowerLoss(PowerLoss.KeepAll, seed: 0); // an identical copy
                again.PowerFailsAfter = second;
                var open = () => workload.Open(again).Dispose();
                open.Should().Throw<IOException>("the power fails during recovery");
                foreach (var loss in Enum.GetValues<PowerLoss>())
                {
                    workload.Verify(run, again.AfterPowerLoss(loss, seed: (int)second), seen,
                        $"cut after {cut}, then after {second} operations of recovery, {loss}");
                }
            }
        }

        seen.Recoveries.Should().BeGreaterThan(100);
    }

    private static long CountRecoveryOperations(PowerLossWorkload workload, SimulatedDisk disk)
    {
        var copy = disk.AfterPowerLoss(PowerLoss.KeepAll, seed: 0);
        workload.Open(copy).Dispose();
        return copy.Operations;
    }

    /// <summary>What the cuts produced, to show the test space is not degenerate.</summary>
    internal sealed class Outcomes
    {
        public int Recoveries { get; set; }

        public int BeyondLastFlush { get; set; }

        public int TailsCut { get; set; }

        public int LogsLost { get; set; }

        public void AssertTheCutsBit(long operations)
        {
            Recoveries.Should().Be((int)(operations + 1) * Enum.GetValues<PowerLoss>().Length);
            BeyondLastFlush.Should().BeGreaterThan(0, "some cuts must leave unflushed records that survived");
            TailsCut.Should().BeGreaterThan(0, "some cuts must leave a torn tail for recovery to cut");
            LogsLost.Should().BeGreaterThan(0, "some cuts must lose the log's directory entry before it was synced");
        }
    }

    /// <summary>A deterministic single-threaded workload: inserts with overwrites, a flush every few of them.</summary>
    internal sealed record PowerLossWorkload(string Name, bool Striped, int Stripes, int Inserts, int FlushEvery, int KeySpace, int CheckpointEvery = 0)
    {
        public static readonly Dictionary<string, PowerLossWorkload> All = new[]
        {
            new PowerLossWorkload("LockTable", Striped: false, Stripes: 1, Inserts: 500, FlushEvery: 6, KeySpace: 48),
            new PowerLossWorkload("StripedTable, 4 stripes", Striped: true, Stripes: 4, Inserts: 1_200, FlushEvery: 40, KeySpace: 64),
            new PowerLossWorkload("StripedTable, big batches", Striped: true, Stripes: 2, Inserts: 2_000, FlushEvery: 150, KeySpace: 200),
            new PowerLossWorkload("LockTable, checkpoints", Striped: false, Stripes: 1, Inserts: 400, FlushEvery: 15, KeySpace: 40, CheckpointEvery: 60),
            new PowerLossWorkload("StripedTable, checkpoints", Striped: true, Stripes: 4, Inserts: 400, FlushEvery: 20, KeySpace: 48, CheckpointEvery: 100),
        }.ToDictionary(w => w.Name);

        public ITable<int, Row> Open(SimulatedDisk disk)
        {
            var options = SimulatedLogs.On(disk, bufferSize: 4096, stripes: Stripes);
            return Striped ? new StripedTable<int, Row>(options) : new LockTable<int, Row>(options);
        }

        public long CountOperations()
        {
            var disk = SimulatedLogs.NewDisk();
            var run = Execute(disk);
            run.Issued.Should().HaveCount(Inserts);
            return disk.Operations;
        }

        /// <summary>Runs until done or until the power fails; records what was inserted and what was flushed.</summary>
        public Run Execute(SimulatedDisk disk)
        {
            var run = new Run();
            var random = new Random(Inserts);
            try
            {
                using var table = Open(disk);
                run.Created = true;
                for (int i = 0; i < Inserts; i++)
                {
                    int key = random.Next(KeySpace);
                    var row = Row.Generate(random.Next(1_000_000)); // content unrelated to the key: every write differs
                    table.Insert(key, row);
                    run.Issued.Add((key, row));
                    if (CheckpointEvery > 0 && (i + 1) % CheckpointEvery == 0)
                    {
                        table.Checkpoint();
                        run.Flushed = run.Issued.Count;
                    }
                    else if ((i + 1) % FlushEvery == 0)
                    {
                        table.FlushWAL();
                        run.Flushed = run.Issued.Count;
                    }
                }

                table.FlushWAL();
                run.Flushed = run.Issued.Count;
            }
            catch (Exception) when (disk.PowerLost)
            {
                // The cut: whatever the table was doing failed.
            }

            return run;
        }

        public void Verify(Run run, SimulatedDisk rebooted, Outcomes seen, string because)
        {
            using var table = Open(rebooted);
            var log = Tables.LogOf(table);
            var recovered = Tables.Snapshot(table, Enumerable.Range(0, KeySpace));

            table.Count.Should().Be(recovered.Count, $"no key outside the workload's ({because})");
            seen.Recoveries++;
            seen.TailsCut += table.Wal!.Recovery.DiscardedBytes > 0 ? 1 : 0;
            seen.LogsLost += run.HadLog && table.Wal.Recovery.CreatedNew ? 1 : 0;

            bool beyond = false;
            for (int stripe = 0; stripe < log.StripeCount; stripe++)
            {
                var writes = run.Issued.Select((w, i) => (w.Key, w.Row, Index: i)).Where(w => log.StripeIndex(w.Key) == stripe).ToList();
                var actual = recovered.Where(kv => log.StripeIndex(kv.Key) == stripe).ToDictionary();
                int flushed = writes.Count(w => w.Index < run.Flushed);
                int prefix = MatchingPrefix(writes.Select(w => (w.Key, w.Row)).ToList(), actual, flushed);
                prefix.Should().BeGreaterThanOrEqualTo(0,
                    $"stripe {stripe} must hold what a prefix of at least its {flushed} flushed inserts left ({because})");
                beyond |= prefix > flushed;
            }

            seen.BeyondLastFlush += beyond ? 1 : 0;
        }

        // The length of a prefix (at least minimum) of writes whose final state equals actual, or -1.
        private static int MatchingPrefix(List<(int Key, Row Row)> writes, Dictionary<int, Row> actual, int minimum)
        {
            var expected = new Dictionary<int, Row>();
            int mismatches = actual.Count;
            int found = -1;
            for (int j = 0; ; j++)
            {
                if (j >= minimum && mismatches == 0)
                {
                    found = j;
                }

                if (j == writes.Count)
                {
                    return found;
                }

                var (key, row) = writes[j];
                bool before = Matches(expected, actual, key);
                expected[key] = row;
                mismatches += (before ? 1 : 0) - (Matches(expected, actual, key) ? 1 : 0);
            }
        }

        private static bool Matches(Dictionary<int, Row> expected, Dictionary<int, Row> actual, int key) =>
            expected.TryGetValue(key, out var e) ? actual.TryGetValue(key, out var a) && a.Equals(e) : !actual.ContainsKey(key);
    }

    internal sealed class Run
    {
        public bool Created { get; set; }

        /// <summary>The log's name existed (durably or not) when the power failed.</summary>
        public bool HadLog { get; set; }

        public List<(int Key, Row Row)> Issued { get; } = [];

        public int Flushed { get; set; }
    }
}
