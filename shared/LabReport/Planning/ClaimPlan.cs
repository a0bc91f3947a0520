using System.Globalization;
using LabReport.Claims;
using LabReport.Sections;
using LabRounds;

namespace LabReport.Planning;

/// <summary>
/// The run's verdict rows as the planner sees them: which claims are undecided, where their cases run, how far each
/// interval is from deciding; and, for the report, what deciding each borderline row would cost.
/// </summary>
public sealed class ClaimPlan
{
    private readonly Dictionary<string, PlanUnit> _units = new(StringComparer.Ordinal);

    private ClaimPlan(RunCosts costs, IReadOnlyList<PlanClaim> claims, IReadOnlyDictionary<string, (string Post, ClaimRow Row)> rows)
    {
        Costs = costs;
        Claims = claims;
        Rows = rows;
        Planner = new RoundPlanner(
            (unit, @case) => costs.SecondsPerRound(_units[unit], @case),
            unit => costs.Overhead(_units[unit]),
            (unit, @case) => costs.RoundsSoFar(_units[unit], @case));
    }

    /// <summary>The run's costs.</summary>
    public RunCosts Costs { get; }

    /// <summary>Every judged claim, undecided or not, keyed "post/id".</summary>
    public IReadOnlyList<PlanClaim> Claims { get; }

    /// <summary>The rows behind the claims, by the same key.</summary>
    public IReadOnlyDictionary<string, (string Post, ClaimRow Row)> Rows { get; }

    /// <summary>The planner over these claims and costs.</summary>
    public RoundPlanner Planner { get; }

    /// <summary>The unit of a planner key.</summary>
    public PlanUnit Unit(string key) => _units[key];

    /// <summary>The plan of a run's rows.</summary>
    public static ClaimPlan Of(RunFolder run, IReadOnlyList<PostReport> posts, PublishedNumbers published)
    {
        ArgumentNullException.ThrowIfNull(posts);
        ArgumentNullException.ThrowIfNull(published);
        var costs = RunCosts.Of(run);
        var claims = new List<PlanClaim>();
        var rows = new Dictionary<string, (string, ClaimRow)>(StringComparer.Ordinal);
        var units = new List<PlanUnit>();
        foreach (var post in posts.Where(p => p.Present))
        {
            var numbers = published.For(post.Post);
            foreach (var row in post.Rows.Where(r => r.Verdict.IsJudged() && numbers.Claims.Any(c => c.Id == r.Id)))
            {
                string key = $"{post.Post}/{row.Id}";
                if (rows.ContainsKey(key) || costs.UnitOf(post.Post, numbers.Claim(row.Id)) is not { } unit)
                {
                    continue;
                }

                rows[key] = (post.Post, row);
                units.Add(unit);
                bool undecided = Straddle(row) is not null;
                var (rounds, spread, distance) = Straddle(row) ?? (0, double.NaN, double.NaN);
                claims.Add(new PlanClaim(key, unit.Key, unit.Cases, undecided, rounds, spread, distance));
            }
        }

        var plan = new ClaimPlan(costs, claims, rows);
        foreach (var unit in units)
        {
            plan._units.TryAdd(unit.Key, unit);
        }

        return plan;
    }

    /// <summary>
    /// A borderline row's straddle as the planner needs it: its rounds, the spread of their logs, the distance (in logs)
    /// from the interval's centre to the threshold. Null when the row is decided or more rounds cannot move it (no rounds,
    /// an exact count, no spread).
    /// </summary>
    public static (int Rounds, double Spread, double Distance)? Straddle(ClaimRow row)
    {
        ArgumentNullException.ThrowIfNull(row);
        if (row.Verdict != Verdict.Borderline || row.Straddling is not { } e || e.Rounds < 2)
        {
            return null;
        }

        // A statistic of either sign is planned on its own scale: the same rounds-to-decide arithmetic, without logarithms.
        if (double.IsFinite(e.SignedMean) && double.IsFinite(e.SignedSpread) && double.IsFinite(row.At))
        {
            return (Math.Max(e.Rounds, e.MeasuredRounds), e.SignedSpread, Math.Abs(e.SignedMean - row.At));
        }

        if (!double.IsFinite(e.LogMean) || !double.IsFinite(e.LogSpread) || !(row.At > 0))
        {
            return null;
        }

        return (Math.Max(e.Rounds, e.MeasuredRounds), e.LogSpread, Math.Abs(e.LogMean - Math.Log(row.At)));
    }

    /// <summary>Every borderline row with what deciding it would cost (<see cref="ClaimRow.ToDecide"/>), unless its section said already.</summary>
    public IReadOnlyList<PostReport> Annotate(IReadOnlyList<PostReport> posts)
    {
        ArgumentNullException.ThrowIfNull(posts);
        return [.. posts.Select(p => p with { Rows = [.. p.Rows.Select(r => r.Verdict == Verdict.Borderline ? r with { ToDecide = r.ToDecide ?? ToDecide(p.Post, r) } : r)] })];
    }

    /// <summary>What deciding a borderline row would cost, or why more rounds would not.</summary>
    public string ToDecide(string post, ClaimRow row)
    {
        ArgumentNullException.ThrowIfNull(row);
        if (Straddle(row) is not { } s)
        {
            return row.Straddling is null
                ? "more rounds cannot decide it: the rounds differ in a number that should not vary (not deterministic here)"
                : row.Straddling.Value.Rounds < 2
                    ? "it was not measured in rounds (one process per side), so there is no spread between rounds to plan from"
                    : "more rounds cannot decide it: its rounds give no spread to plan from";
        }

        var claim = Claims.FirstOrDefault(c => c.Id == $"{post}/{row.Id}");
        var (more, seconds) = claim is null ? ((int?)null, double.NaN) : Planner.Outlook(claim);
        if (more is int m)
        {
            return $"needs about {m} more round{(m == 1 ? "" : "s")} (about {DurationText(seconds)}) at this spread";
        }

        var e = row.Straddling!.Value;
        // How far the interval reaches from the threshold, and what the last look could resolve at this spread: as
        // factors on the log scale, or as differences for a statistic of either sign.
        bool signed = double.IsFinite(e.SignedMean);
        string off = signed
            ? Format.Number(Math.Max(Math.Abs(Interval.Low(e) - row.At), Math.Abs(Interval.High(e) - row.At)))
            : Distance(Math.Exp(Math.Max(Math.Abs(Math.Log(Interval.Low(e) / row.At)), Math.Abs(Math.Log(Interval.High(e) / row.At)))));
        string reach = signed
            ? Format.Number(ConfidenceSequence.Critical(RoundLimits.Max) * s.Spread / Math.Sqrt(RoundLimits.Max))
            : Distance(ConfidenceSequence.Resolution(s.Spread));
        string why = claim is null ? "the planner cannot run its cases again (they are not one step of their post)" : $"even {RoundLimits.Max} rounds resolve only a value more than {reach} from it at this spread";
        return $"its interval sits on the threshold: the true value is within {off} of it, and {why}";
    }

    // A distance from a threshold as a factor above it: "4%", or past a factor of 2 "a factor of 29,681" (a percent of
    // millions reads as a typo).
    internal static string Distance(double factor) => factor < 2 ? Format.Percent(factor - 1) : $"a factor of {Format.Number(factor)}";

    private static string DurationText(double seconds) =>
        double.IsFinite(seconds) ? TimeSpan.FromSeconds(Math.Ceiling(seconds)).ToString(seconds >= 3600 ? @"h\:mm\:ss" : @"m\:ss", CultureInfo.InvariantCulture) : "?";
}
