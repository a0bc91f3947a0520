using HandRolledHarness.Comparison;
using MeasurementLab;

namespace HandRolledHarness;

/// <summary>The <c>mark</c> mode: one step of the note's harness, after the platform lines.</summary>
internal static class MarkCommand
{
    public const string Name = "mark";

    public const string Usage = """
        Usage: dotnet run -c Release -- mark STEP [--function NAMES] [--repeats N] [--min-seconds S]
                                             [--count N] [--max-size N] [--csv FILE]
                                             [--rounds N [--rounds-seed S [--round K]]]

        Runs step STEP (0 to 8) of Sestoft's hand-rolled harness, printing the platform first:
          0  one call of multiply                      5  double the count until a loop takes 0.25 s
          1  1,000,000 calls, result unused            6  any function, every round printed
          2  100,000,000 calls summed into a dummy     7  only the final round
          3  step 2 repeated 10 times                  8  + problem size, repeats and minimum time;
          4  mean and standard deviation of step 3        sorts use Mark8Setup (setup not timed)

          --function NAMES   (6-8) comma-separated, or 'all'; default multiply. Names: multiply pow exp log sin
                             cos tan asin acos atan; with sizes (mark 8 only): binary_search_same
                             binary_search_pseudorandom binary_search_generated get_pseudorandom_items
                             random_index selection_sort quicksort heapsort
          --repeats N        (3-8) timed loops per measurement, at least 2; default 10
          --min-seconds S    (5-8) a round ends the doubling when its last loop took S; default 0.25
          --count N          (1-4) calls per timed loop; default 1,000,000 for mark 1, 100,000,000 for 2-4
          --max-size N       (8) largest size of the 100, 200, 400, ... sweep; each function also stops at its own
                             largest (searches 6,553,600, quicksort and heapsort 1,638,400, selection sort 25,600)
          --csv FILE         (7, 8) also write the final lines as CSV: group,function,size,mean_ns,sdev_ns,count
          --rounds N         (8) the whole sweep N times (1-40), each round timing the functions of one size in
                             its own order (LabRounds' seeded schedule); the CSV then holds the median of the
                             rounds, and FILE-rounds.csv (mark8-rounds.csv) every round's line, with its round
          --rounds-seed S    (8) the seed of the rounds' orders (default: drawn and printed)
          --round K          (8) only round K of the N (1 to N), after its own warm-up: each round in its own
                             process, so the rounds see what differs between processes; FILE-rounds.csv keeps
                             the lines of the other rounds already there (round K's replaced), FILE their medians

        Output columns from mark 6 on: name, size, mean ns per call, standard deviation, count.
        Example: dotnet run -c Release -- mark 8 --function binary_search_same,binary_search_pseudorandom
        """;

    public static SubCommand Command { get; } = new(Name, "one step (0 to 8) of Sestoft's hand-rolled harness", Run, Usage);

    public static int Run(string[] args)
    {
        var options = MarkOptions.Parse(args);
        Execute(options, TimeProvider.System, Console.Out);
        return 0;
    }

    /// <summary>Runs the step; returns the final results of mark 7 and 8 (also written to --csv).</summary>
    internal static IReadOnlyList<Mark8Row> Execute(MarkOptions options, TimeProvider clock, TextWriter output)
    {
        foreach (string line in SystemInfo.Current())
        {
            output.WriteLine(line);
        }

        var rows = new List<Mark8Row>();
        int repeats = options.Repeats ?? NoteParameters.Repeats;
        double minSeconds = options.MinSeconds ?? NoteParameters.MinSeconds;
        switch (options.Step)
        {
            case 0:
                new Mark0(clock, output).Run();
                break;
            case 1:
                new Mark1(clock, output, options.Count ?? NoteParameters.Mark1Count).Run();
                break;
            case 2:
                new Mark2(clock, output, options.Count ?? NoteParameters.Count).Run();
                break;
            case 3:
                new Mark3(clock, output, options.Count ?? NoteParameters.Count, repeats).Run();
                break;
            case 4:
                new Mark4(clock, output, options.Count ?? NoteParameters.Count, repeats).Run();
                break;
            case 5:
                new Mark5(clock, output, repeats, minSeconds).Run();
                break;
            case 6:
                var mark6 = new Mark6(clock, output, repeats, minSeconds);
                foreach (var f in options.Functions.Cast<PlainFunction>())
                {
                    mark6.Run(f.Name, f.Function);
                }

                break;
            case 7:
                var mark7 = new Mark7(clock, output, repeats, minSeconds);
                rows.AddRange(options.Functions.Cast<PlainFunction>().Select(f => Mark8Row.Of(f, null, mark7.Run(f.Name, f.Function))));
                break;
            default:
                rows.AddRange(Sweep(options, clock, output, repeats, minSeconds));
                break;
        }

        if (options.CsvPath is not null)
        {
            var kept = rows;
            if (rows.Any(r => r.Round > 0))
            {
                string roundsPath = Mark8Csv.RoundsPath(options.CsvPath);
                if (options.Round is int round && File.Exists(roundsPath))
                {
                    // One round per process: the rounds already measured by earlier processes stay, this one's replace
                    // any earlier measurement of the same round.
                    kept = [.. Mark8Csv.ReadRounds(roundsPath).Where(r => r.Round != round).Concat(rows).OrderBy(r => r.Round)];
                }

                Mark8Csv.WriteRounds(roundsPath, kept);
            }

            Mark8Csv.Write(options.CsvPath, kept.Any(r => r.Round > 0) ? Mark8Row.Summary(kept) : kept);
        }

        return rows;
    }

    // Mark 8's sweep, once or in interleaved rounds: each round the whole sweep, the functions timed together in the
    // round's own order.
    private static IEnumerable<Mark8Row> Sweep(MarkOptions options, TimeProvider clock, TextWriter output, int repeats, double minSeconds)
    {
        var mark8 = new Mark8(clock, output, repeats, minSeconds);
        var mark8Setup = new Mark8Setup(clock, output, repeats, minSeconds);
        if (options.Rounds == 1 && options.RoundsSeed is null)
        {
            return SizeSweepRunner.Run(options.Functions, options.MaxSize, mark8, mark8Setup);
        }

        var schedule = new LabRounds.RoundSchedule(options.Rounds, options.RoundsSeed ?? LabRounds.RoundSchedule.NewSeed());
        output.WriteLine($"# rounds: {schedule.Rounds}, seed {schedule.Seed}");
        WarmUp(options, clock, output, repeats, minSeconds);
        var rows = new List<Mark8Row>();
        int first = options.Round ?? 1, last = options.Round ?? schedule.Rounds;
        for (int round = first; round <= last; round++)
        {
            output.WriteLine($"# round {round} of {schedule.Rounds}");
            int r = round;
            rows.AddRange(SizeSweepRunner.Run(options.Functions, options.MaxSize, mark8, mark8Setup, f => schedule.Order(r, f))
                .Select(row => row with { Round = r }));
        }

        return rows;
    }

    // The first round a process times (round 1, or round K alone with --round) would otherwise time code the JIT has
    // not finished with. In the runs of 4eea03d, round 1 timed the smallest size 2-5x slower than rounds 2-5, and
    // multiply settled only in round 3: the timing loop is one method for every function, called once per function,
    // and tiered compilation promotes a method in two steps (Tier-0, instrumented, Tier-1), each after 30 calls once
    // 100 ms have passed without new Tier-0 code, then compiles it in the background. So the warm-up calls every
    // function's loop many times with the shortest timing (count 2), pausing between bursts so the promotions
    // happen, then times every function once at the run's settings; nothing of it is kept.
    private const int WarmUpBursts = 3;
    private const int CallsPerBurst = 40;
    private static readonly TimeSpan WarmUpPause = TimeSpan.FromMilliseconds(200);

    private static void WarmUp(MarkOptions options, TimeProvider clock, TextWriter output, int repeats, double minSeconds)
    {
        output.WriteLine($"# warm-up: every function at size {SizeSweep.Smallest}, not kept");
        var shortest = new Mark8(clock, TextWriter.Null, repeats, minSeconds: 0);
        var shortestSetup = new Mark8Setup(clock, TextWriter.Null, repeats, minSeconds: 0);
        for (int burst = 0; burst < WarmUpBursts; burst++)
        {
            for (int call = 0; call < CallsPerBurst; call++)
            {
                _ = SizeSweepRunner.Run(options.Functions, SizeSweep.Smallest, shortest, shortestSetup).Count(); // runs the lazy sweep
            }

            Thread.Sleep(WarmUpPause);
        }

        _ = SizeSweepRunner.Run(options.Functions, SizeSweep.Smallest,
            new Mark8(clock, TextWriter.Null, repeats, minSeconds), new Mark8Setup(clock, TextWriter.Null, repeats, minSeconds)).Count();
        Thread.Sleep(WarmUpPause);
    }
}
