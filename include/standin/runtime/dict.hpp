// Guest dicts: insertion-ordered hash maps from hashable Values to Values,
// versioned on every mutation. Globals, module namespaces, class and instance
// attributes are all Dicts, so one lookup path and one version tag serve them.
// Counterpart: CPython's compact dict (dictobject.c) and its version tags.
#pragma once

#include <standin/detail/macro_scope.hpp>
#include <standin/runtime/sequence.hpp>
#include <standin/runtime/str.hpp>

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

STANDIN_NAMESPACE_BEGIN

// Python's hash() and ==, defined in runtime/compare.hpp (included below).
std::int64_t hash_value(const Value& v);
bool equals(const Value& a, const Value& b);

struct DictEntry {
    Value key;  // null for a deleted slot
    Value value;
    std::int64_t hash;
};

class Dict final : public Object, public Versioned, public PySubclassSlot {
public:
    static constexpr Kind static_kind = Kind::dict;

    Dict() : Object(Kind::dict) {}

    std::size_t size() const noexcept { return used_; }
    bool empty() const noexcept { return used_ == 0; }

    // The value stored under `key`, or nullptr. Raises TypeError for
    // unhashable keys.
    const Value* find(const Value& key) const { return find_hashed(key, hash_value(key)); }
    // Fast path for interned names: pointer comparison, precomputed hash.
    const Value* find(const Str* name) const {
        std::int64_t slot = lookup_slot(name->hash(), [name](const Value& k) {
            auto* s = k.dyn<Str>();
            return s && (s == name || s->view() == name->view());
        });
        return slot < 0 ? nullptr : &entries_[static_cast<std::size_t>(index_[slot])].value;
    }
    // The same lookup, remembering the slot where `name` was found: while the
    // slot still holds that name, a lookup is one pointer comparison (the
    // guard tree's accessors use this on every check).
    STANDIN_ALWAYS_INLINE const Value* find(const Str* name, std::uint32_t& hint) const {
        // Bounds by byte offset: no division by the entry size.
        const auto* begin = reinterpret_cast<const char*>(entries_.data());
        const auto bytes = static_cast<std::size_t>(reinterpret_cast<const char*>(entries_.data() + entries_.size()) - begin);
        if (static_cast<std::size_t>(hint) * sizeof(DictEntry) < bytes) {
            const auto& e = entries_[hint];
            if (e.key.kind() == Kind::str && e.key.object() == name) return &e.value;
        }
        return find_and_remember(name, hint);
    }
    const Value* find_hashed(const Value& key, std::int64_t hash) const {
        std::int64_t slot = lookup_key(key, hash);
        return slot < 0 ? nullptr : &entries_[static_cast<std::size_t>(index_[slot])].value;
    }
    bool contains(const Value& key) const { return find(key) != nullptr; }

    // Every mutator below changes version().
    void set(const Value& key, Value value) { set_hashed(key, hash_value(key), std::move(value)); }
    void set(const Str* name, Value value) { set_hashed(Value::borrow(name), name->hash(), std::move(value)); }
    // Returns the position of the key's slot.
    std::size_t set_hashed(const Value& key, std::int64_t hash, Value value) {
        std::int64_t slot = lookup_key(key, hash);
        std::size_t at;
        if (slot >= 0) {
            at = static_cast<std::size_t>(index_[slot]);
            entries_[at].value = std::move(value);
        } else {
            entries_.push_back({key, std::move(value), hash});
            ++used_;
            at = entries_.size() - 1;
            if ((entries_.size() + 1) * 3 > index_.size() * 2) rebuild_index();
            else insert_index(hash, static_cast<std::int32_t>(at));
        }
        bump_version();
        return at;
    }
    // set(name, value), trying first the slot where `hint` says the name was,
    // and remembering where it is now (see find(name, hint)).
    STANDIN_ALWAYS_INLINE void set(const Str* name, Value value, std::uint32_t& hint) {
        if (hint < entries_.size()) {
            auto& e = entries_[hint];
            if (e.key.kind() == Kind::str && e.key.object() == name) {
                e.value = std::move(value);
                bump_version();
                return;
            }
        }
        hint = static_cast<std::uint32_t>(set_hashed(Value::borrow(name), name->hash(), std::move(value)));
    }
    // Removes `key`; returns its value, or nullopt when it was absent (the
    // version does not change then).
    std::optional<Value> erase(const Value& key) {
        std::int64_t slot = lookup_key(key, hash_value(key));
        if (slot < 0) return std::nullopt;
        auto& e = entries_[static_cast<std::size_t>(index_[slot])];
        index_[slot] = dummy;
        Value old = std::move(e.value);
        e.key = Value::null();
        e.value = Value();
        --used_;
        bump_version();
        if (entries_.size() > 16 && used_ * 2 < entries_.size()) compact();
        return old;
    }
    std::optional<Value> erase(const Str* name) { return erase(Value::borrow(name)); }
    void clear() {
        std::vector<DictEntry> old;
        old.swap(entries_);
        index_.clear();
        used_ = 0;
        bump_version();
    }
    void update(const Dict& other) {
        for (const auto& e : other.entries_)
            if (!e.key.is_null()) set_hashed(e.key, e.hash, e.value);
        bump_version();
    }

    // Slots in insertion order, deleted ones included (their key is null):
    // iterators walk positions so they survive later insertions.
    std::size_t slot_count() const noexcept { return entries_.size(); }
    const DictEntry& slot(std::size_t i) const noexcept { return entries_[i]; }
    // Every slot, deleted ones included (their key is null).
    std::span<const DictEntry> entries() const noexcept { return entries_; }

    template <class F>
    void for_each(F&& f) const {
        for (std::size_t i = 0; i < entries_.size(); ++i)
            if (!entries_[i].key.is_null()) f(entries_[i].key, entries_[i].value);
    }

private:
    STANDIN_NOINLINE const Value* find_and_remember(const Str* name, std::uint32_t& hint) const {
        const Value* v = find(name);
        if (v) hint = static_cast<std::uint32_t>(reinterpret_cast<const DictEntry*>(
                                                     reinterpret_cast<const char*>(v) - offsetof(DictEntry, value)) -
                                                 entries_.data());
        return v;
    }

    static constexpr std::int32_t empty_slot = -1;
    static constexpr std::int32_t dummy = -2;

    // The slot of `key`, comparing with ==. An == that runs guest code may
    // change the dict (even empty it): the key compared is held meanwhile,
    // and the lookup starts again when the dict changed (as CPython's does).
    std::int64_t lookup_key(const Value& key, std::int64_t hash) const {
        for (;;) {
            std::uint64_t before = version();
            bool changed = false;
            std::int64_t slot = lookup_slot(hash, [&](const Value& k) {
                if (k.identical(key)) return true;
                if (simple_key(k) && simple_key(key)) return equals(k, key);
                Value held = k;
                const bool same = equals(held, key);
                changed = version() != before;
                return same || changed;
            });
            if (!changed) return slot;
        }
    }
    static bool simple_key(const Value& v) noexcept {
        switch (v.kind()) {
        case Kind::str:
        case Kind::int_:
        case Kind::float_:
        case Kind::bool_:
        case Kind::none: return true;
        default: return false;
        }
    }
    template <class Eq>
    std::int64_t lookup_slot(std::int64_t hash, Eq&& eq) const {
        if (index_.empty()) return -1;
        const std::size_t mask = index_.size() - 1;
        auto perturb = static_cast<std::uint64_t>(hash);
        std::size_t i = static_cast<std::size_t>(hash) & mask;
        for (;;) {
            std::int32_t e = index_[i];
            if (e == empty_slot) return -1;
            if (e >= 0) {
                const auto& entry = entries_[static_cast<std::size_t>(e)];
                if (entry.hash == hash && eq(entry.key)) return static_cast<std::int64_t>(i);
            }
            perturb >>= 5;
            i = (i * 5 + perturb + 1) & mask;
        }
    }
    void insert_index(std::int64_t hash, std::int32_t entry) {
        const std::size_t mask = index_.size() - 1;
        auto perturb = static_cast<std::uint64_t>(hash);
        std::size_t i = static_cast<std::size_t>(hash) & mask;
        while (index_[i] >= 0) {
            perturb >>= 5;
            i = (i * 5 + perturb + 1) & mask;
        }
        index_[i] = entry;
    }
    void rebuild_index() {
        std::size_t n = 8;
        while (n * 2 < (entries_.size() + 1) * 3) n *= 2;
        index_.assign(n, empty_slot);
        for (std::size_t e = 0; e < entries_.size(); ++e)
            if (!entries_[e].key.is_null()) insert_index(entries_[e].hash, static_cast<std::int32_t>(e));
    }
    // Drops deleted slots. Runs only when there are no guest iterators to
    // surprise: iteration over a dict whose size changed is an error anyway.
    void compact() {
        std::vector<DictEntry> live;
        live.reserve(used_);
        for (auto& e : entries_)
            if (!e.key.is_null()) live.push_back(std::move(e));
        entries_.swap(live);
        rebuild_index();
    }

    // First, so it takes the tail padding of Versioned and a dict stays the size it was.
    bool ordered_ = false;
    std::vector<DictEntry> entries_;
    std::vector<std::int32_t> index_;  // open addressing into entries_
    std::size_t used_ = 0;

public:
    // A collections.OrderedDict: the same dict, typed and printed as one.
    bool is_ordered() const noexcept { return ordered_; }
    void set_ordered(bool flag) noexcept { ordered_ = flag; }
};

STANDIN_NAMESPACE_END

#include <standin/runtime/compare.hpp>
