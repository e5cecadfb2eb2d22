import Notes
import RedrawHarness

// The notes app's SwiftUI views, mirrored for the harness.

struct NotesScreen: HarnessView {
  @ViewObservedObject var inbox: NotesInbox
  func body(_ content: inout ViewContent) {
    content.child(SyncBadge(inbox: inbox))
    for title in inbox.titles { content.child(NoteRow(title: title), id: title) }
  }
}

struct SyncBadge: HarnessView {
  @ViewObservedObject var inbox: NotesInbox
  func body(_ content: inout ViewContent) { content.text("\(inbox.pendingSyncs) to sync") }
}

struct NoteRow: HarnessView {
  let title: String
  func body(_ content: inout ViewContent) { content.text(title) }
}

struct SignInScreen: HarnessView {
  let form: SignInForm
  func body(_ content: inout ViewContent) {
    content.child(EmailField(form: form))
    content.child(PasswordField(form: form))
  }
}

struct EmailField: HarnessView {
  let form: SignInForm
  func body(_ content: inout ViewContent) {
    let form = form
    content.textField("Email", text: form.email) { form.email = $0 }
  }
}

struct PasswordField: HarnessView {
  let form: SignInForm
  func body(_ content: inout ViewContent) {
    let form = form
    content.textField("Password", text: form.password) { form.password = $0 }
  }
}
