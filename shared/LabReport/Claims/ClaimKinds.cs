namespace LabReport.Claims;

/// <summary>The kinds of claim the posts make, as the posts' claims.json files name them; each has its rule (<see cref="ClaimRules"/>).</summary>
public static class ClaimKinds
{
    /// <summary>The post saw a difference of a size: direction and magnitude.</summary>
    public const string Ratio = "ratio";

    /// <summary>A lower bound ("far faster", "large", a target).</summary>
    public const string AtLeast = "at-least";

    /// <summary>An upper bound ("p &lt; 0.001", "low").</summary>
    public const string AtMost = "at-most";

    /// <summary>No difference beyond a smallest effect size of interest (two one-sided tests).</summary>
    public const string Equivalence = "equivalence";

    /// <summary>A difference that is real (resolved) but inside the SESOI.</summary>
    public const string Trivial = "trivial";

    /// <summary>A shape: several ratios, each on a stated side of 1 ("jumps between these sizes").</summary>
    public const string Shape = "shape";

    /// <summary>A deterministic count or size: equal to the post's decimals.</summary>
    public const string Exact = "exact";

    /// <summary>One measurement as a share or multiple of another ("nearly a quarter of the search").</summary>
    public const string Relative = "relative";

    /// <summary>An absolute number the post's own setup fixes (a simulated service's latency).</summary>
    public const string Value = "value";

    /// <summary>The post's run could not tell: its two means' 99.9% intervals overlap.</summary>
    public const string Unresolved = "unresolved";

    /// <summary>A description of the post's machine: shown, never judged.</summary>
    public const string Info = "info";

    /// <summary>Every kind, in the order the rules are printed.</summary>
    public static IReadOnlyList<string> All { get; } = [Ratio, AtLeast, AtMost, Equivalence, Trivial, Relative, Value, Shape, Exact, Unresolved, Info];
}
