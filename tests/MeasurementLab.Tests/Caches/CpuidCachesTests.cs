using MeasurementLab.Caches;

namespace MeasurementLab.Tests.Caches;

/// <summary>The CPUID decoder against register values of known parts (no live CPUID asserted).</summary>
public class CpuidCachesTests
{
    private const long KiB = 1024, MiB = 1024 * KiB;

    // Leaf 0 of each vendor: EBX, EDX, ECX spell the vendor string.
    private static readonly CpuidRegisters Intel0 = new(0x16, 0x756E6547, 0x6C65746E, 0x49656E69);
    private static readonly CpuidRegisters Amd0 = new(0x10, 0x68747541, 0x444D4163, 0x69746E65);

    [Fact]
    public void Intel_leaf_4_of_a_core_i7_8700_gives_32_KiB_256_KiB_and_12_MiB()
    {
        var registers = new Dictionary<(uint, int), CpuidRegisters>
        {
            [(0, 0)] = Intel0,
            [(4, 0)] = new(0x1C004121, 0x01C0003F, 0x0000003F, 0), // L1d: 8 ways × 64 sets × 64 B
            [(4, 1)] = new(0x1C004122, 0x01C0003F, 0x0000003F, 0), // L1i
            [(4, 2)] = new(0x1C004143, 0x00C0003F, 0x000003FF, 0), // L2: 4 ways × 1024 sets
            [(4, 3)] = new(0x1C03C163, 0x03C0003F, 0x00002FFF, 6), // L3: 16 ways × 12288 sets
        };

        CpuidCaches.Decode(Lookup(registers)).Should().Be(new CacheSizes(32 * KiB, 256 * KiB, 12 * MiB));
    }

    [Fact]
    public void Amd_leaf_8000001D_of_a_zen_3_part_gives_32_KiB_512_KiB_and_32_MiB()
    {
        var registers = new Dictionary<(uint, int), CpuidRegisters>
        {
            [(0, 0)] = Amd0,
            [(0x80000000, 0)] = new(0x80000023, 0, 0, 0),
            [(0x80000001, 0)] = new(0x00A20F10, 0, 0x75C237FF, 0x2FD3FBFF), // ECX bit 22: topology extensions
            [(0x8000001D, 0)] = new(0x00004121, 0x01C0003F, 0x0000003F, 0),
            [(0x8000001D, 1)] = new(0x00004122, 0x01C0003F, 0x0000003F, 0),
            [(0x8000001D, 2)] = new(0x00004143, 0x01C0003F, 0x000003FF, 2),
            [(0x8000001D, 3)] = new(0x0003C163, 0x03C0003F, 0x00007FFF, 1),
        };

        CpuidCaches.Decode(Lookup(registers)).Should().Be(new CacheSizes(32 * KiB, 512 * KiB, 32 * MiB));
    }

    [Fact]
    public void This_labs_epyc_guest_leaves_8000001D_empty_and_its_legacy_leaves_claim_the_hosts_508_MiB()
    {
        // Registers read on the lab's KVM guest (AMD EPYC, family 26): what getconf LEVEL3_CACHE_SIZE reports too.
        var registers = new Dictionary<(uint, int), CpuidRegisters>
        {
            [(0, 0)] = new(0x0D, 0x68747541, 0x444D4163, 0x69746E65),
            [(0x80000000, 0)] = new(0x80000021, 0x68747541, 0x444D4163, 0x69746E65),
            [(0x80000001, 0)] = new(0x00B00F21, 0x40000000, 0x440001F1, 0x25D3FBFF),
            [(0x80000005, 0)] = new(0xFF60FF40, 0xFF60FF40, 0x300C0140, 0x20080140),
            [(0x80000006, 0)] = new(0x40802040, 0x60804040, 0x04006140, 0x0FE09140),
        };

        CpuidCaches.Decode(Lookup(registers)).Should().Be(new CacheSizes(48 * KiB, MiB, 532_676_608));
    }

    [Fact]
    public void An_unknown_vendor_claims_nothing()
    {
        var registers = new Dictionary<(uint, int), CpuidRegisters> { [(0, 0)] = new(4, 0x20202020, 0x20202020, 0x20202020) };

        CpuidCaches.Decode(Lookup(registers)).Should().BeNull();
    }

    [Fact]
    public void The_vendor_string_is_ebx_edx_ecx() =>
        CpuidCaches.Vendor(Amd0).Should().Be("AuthenticAMD");

    // Leaves a dump does not list read as zeros, as a CPU answers for an unused sub-leaf.
    private static Func<uint, int, CpuidRegisters> Lookup(Dictionary<(uint, int), CpuidRegisters> registers) =>
        (leaf, sub) => registers.TryGetValue((leaf, sub), out var r) ? r : default;
}
