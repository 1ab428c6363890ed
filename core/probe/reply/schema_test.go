package reply

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"testing"

	a2apb "github.com/a2aproject/a2a-go/v2/a2apb/v1"
	"google.golang.org/genproto/googleapis/api/annotations"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoreflect"

	"github.com/agentcard/agentcard/internal/testcards"
)

// TestSchema10MatchesA2AGo: every 1.0 type of the table has exactly the
// fields of a2a-go v2.4.0's descriptor (lf.a2a.v1), with the same JSON
// name, REQUIRED annotation, oneof and proto name.
func TestSchema10MatchesA2AGo(t *testing.T) {
	msgs := map[string]proto.Message{
		"SendMessageResponse": &a2apb.SendMessageResponse{}, "StreamResponse": &a2apb.StreamResponse{},
		"ListTasksResponse": &a2apb.ListTasksResponse{}, "Task": &a2apb.Task{}, "TaskStatus": &a2apb.TaskStatus{},
		"Message": &a2apb.Message{}, "Part": &a2apb.Part{}, "Artifact": &a2apb.Artifact{},
		"TaskStatusUpdateEvent": &a2apb.TaskStatusUpdateEvent{}, "TaskArtifactUpdateEvent": &a2apb.TaskArtifactUpdateEvent{},
	}
	for name, o := range schema10 {
		m, ok := msgs[name]
		if !ok {
			t.Errorf("%s: no descriptor to compare with", name)
			continue
		}
		fields := m.ProtoReflect().Descriptor().Fields()
		if fields.Len() != len(o.fields) {
			t.Errorf("%s: %d fields, descriptor has %d", name, len(o.fields), fields.Len())
		}
		for i := 0; i < fields.Len(); i++ {
			fd := fields.Get(i)
			f, ok := o.get(fd.JSONName())
			if !ok {
				t.Errorf("%s: no field %s", name, fd.JSONName())
				continue
			}
			oneof := ""
			if od := fd.ContainingOneof(); od != nil && !od.IsSynthetic() {
				oneof = string(od.Name())
			}
			proto := ""
			if string(fd.Name()) != fd.JSONName() {
				proto = string(fd.Name())
			}
			if f.required != required(fd) || f.oneof != oneof || f.proto != proto {
				t.Errorf("%s.%s: required %v oneof %q proto %q; descriptor: %v %q %q", name, f.name, f.required, f.oneof, f.proto, required(fd), oneof, proto)
			}
			if fd.Kind() == protoreflect.EnumKind {
				var names []string
				vals := fd.Enum().Values()
				for j := 0; j < vals.Len(); j++ {
					names = append(names, string(vals.Get(j).Name()))
				}
				if !slices.Equal(names, enums10[string(fd.Enum().Name())]) {
					t.Errorf("%s: enum values %v, table %v", fd.Enum().Name(), names, enums10[string(fd.Enum().Name())])
				}
			}
		}
	}
}

func required(fd protoreflect.FieldDescriptor) bool {
	bs, _ := proto.GetExtension(fd.Options(), annotations.E_FieldBehavior).([]annotations.FieldBehavior)
	return slices.Contains(bs, annotations.FieldBehavior_REQUIRED)
}

// TestSchema03MatchesSchema: every 0.3 type has the properties and
// required list of the published 0.3.0 JSON Schema.
func TestSchema03MatchesSchema(t *testing.T) {
	src, err := os.ReadFile(filepath.Join(testcards.Require(t), "spec", "a2a-v0.3.0.json"))
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Definitions map[string]struct {
			Required   []string       `json:"required"`
			Properties map[string]any `json:"properties"`
			Enum       []string       `json:"enum"`
		} `json:"definitions"`
	}
	if err := json.Unmarshal(src, &doc); err != nil {
		t.Fatal(err)
	}
	for name, o := range schema03 {
		if name == "File" {
			continue // FileWithBytes | FileWithUri, checked as one oneof
		}
		def := doc.Definitions[name]
		if len(def.Properties) != len(o.fields) {
			t.Errorf("%s: %d fields, schema has %d", name, len(o.fields), len(def.Properties))
		}
		for _, f := range o.fields {
			if _, ok := def.Properties[f.name]; !ok {
				t.Errorf("%s: schema has no %s", name, f.name)
			}
			if f.required != slices.Contains(def.Required, f.name) {
				t.Errorf("%s.%s: required %v, schema says otherwise", name, f.name, f.required)
			}
		}
	}
	states := doc.Definitions["TaskState"].Enum
	if !slices.Equal(states, enums03["TaskState"]) {
		t.Errorf("0.3 states %v, schema %v", enums03["TaskState"], states)
	}
}
